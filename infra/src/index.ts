export * from './stack.js';
export * from './processes.js';
export * from './plan.js';
export * from './restart.js';
export { ensureDatabase, dropDatabase, redact } from './database.js';
export { isPortFree, gatherInfraFacts, probeNats } from './probe.js';
export { canListen, freePort } from './ports.js';
export { type ExitInfo, type OutputSink, StartupError } from './supervisor.js';
