export * from './stack.js';
export * from './processes.js';
export * from './plan.js';
export { ensureDatabase, dropDatabase, redact } from './database.js';
export { findFreeBasePort, isPortFree, gatherInfraFacts } from './probe.js';
export { type ExitInfo, type OutputSink, StartupError } from './supervisor.js';
