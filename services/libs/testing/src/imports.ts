import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Records every module URL the ESM loader resolves (registered with module.register). */
const Hooks = `
import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(log, resolved.url + '\\n');
  return resolved;
}
`;

/** Imports the entry with the hooks on, then adds the CommonJS modules loaded (the require cache). */
const Main = `
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';
const [hooks, log, entry] = process.argv.slice(2);
register(pathToFileURL(hooks), { data: { log } });
await import(pathToFileURL(entry).href);
appendFileSync(log, Object.keys(createRequire(import.meta.url).cache).map((file) => pathToFileURL(file).href).join('\\n') + '\\n');
process.exit(0);
`;

/**
 * Every module (file URL) a fresh Node process loads when it imports `entry`, a built file: what
 * the ESM loader resolves, and the CommonJS modules in the require cache. For checks that a
 * process does not load something heavy (the studio engine, tfjs) merely by importing its code.
 */
export async function modulesLoadedBy(entry: string): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tf-imports-'));
  try {
    const [hooks, main, log] = ['hooks.mjs', 'main.mjs', 'loaded.txt'].map((name) => path.join(dir, name));
    await Promise.all([writeFile(hooks, Hooks), writeFile(main, Main), writeFile(log, '')]);
    const child = spawn(process.execPath, [main, hooks, log, entry], { cwd: path.dirname(entry), stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    const code = await new Promise<number | null>((resolve, reject) => child.once('error', reject).once('exit', resolve));
    if (code !== 0) throw new Error(`importing ${entry} failed (exit ${code}):\n${stderr}`);
    return [...new Set((await readFile(log, 'utf8')).split('\n').filter(Boolean))];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
