import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';

const run = promisify(execFile);
const source = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/background-priority.ts');

/**
 * The queue workers' entry points import background-priority first: every thread of the process,
 * those running already and those started later (the thread pool, libvips), runs at the lower
 * priority, so renders yield the CPU to the requests people wait on.
 */
const linux = existsSync('/proc/self/task');

let dir: string;
let module: string;
beforeAll(async () => {
  // The module as a worker imports it, compiled (a child process runs it without Jest's transform).
  dir = await mkdtemp(path.join(os.tmpdir(), 'tf-priority-'));
  module = path.join(dir, 'background-priority.mjs');
  const { outputText } = ts.transpileModule(await readFile(source, 'utf8'), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
  await writeFile(module, outputText);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

(linux ? test : test.skip)('every thread of a worker process, started before or after, runs at WORKER_NICENESS', async () => {
  // A child that starts the thread pool, imports the module, then starts more threads (a Worker and
  // more pool work) and reports each thread's niceness from /proc (field 19 of stat).
  const script = `
    import { readFileSync, readdirSync } from 'node:fs';
    import { promises as fs } from 'node:fs';
    import { Worker } from 'node:worker_threads';
    await fs.stat('.');
    await import(process.env.PRIORITY_MODULE);
    await Promise.all(Array.from({ length: 8 }, () => fs.readFile(process.env.PRIORITY_MODULE).then(() => undefined)));
    const worker = new Worker('setTimeout(() => {}, 500)', { eval: true });
    await new Promise((resolve) => worker.once('online', resolve));
    const nice = readdirSync('/proc/self/task').map((tid) => Number(readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]));
    console.log(JSON.stringify(nice));
    await worker.terminate();
  `;
  const niceness = async (env: Record<string, string>) => {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, PRIORITY_MODULE: module, ...env } });
    return JSON.parse(stdout) as number[];
  };
  const lowered = await niceness({ WORKER_NICENESS: '7' });
  expect(lowered.length).toBeGreaterThan(5);
  expect(new Set(lowered)).toEqual(new Set([7]));
  const untouched = await niceness({ WORKER_NICENESS: '0' });
  expect(new Set(untouched)).toEqual(new Set([0]));
  // The first child runs at niceness 7 by design: on a machine under load it gets little CPU, so the
  // limit (only for a hang) is generous.
}, 120_000);
