#!/usr/bin/env node
/**
 * Runs one stage of `npm test` (a command line) with its output passed through as it comes, and
 * when the stage fails, repeats its failing tests at the very end. Nx prints a task's output when
 * the task ends, so a failure in an early suite sits thousands of lines above the last one, and
 * CI keeps only the tail of the log.
 *
 *   node infra/scripts/run-stage.mjs nx run-many -t test --output-style=static --parallel=2
 */
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: run-stage.mjs <command> [args...]');
  process.exit(2);
}

/** Jest's "● suite › test" and vitest's "FAIL file > test" headings, and what follows them. */
const heading = /^\s*(●\s|FAIL\s|×\s|✕\s)/;
const linesAfterHeading = 30;
const mostLines = 400;

const lines = [];
let partial = '';
function keep(chunk) {
  const text = partial + stripVTControlCharacters(chunk.toString('utf8'));
  const split = text.split('\n');
  partial = split.pop() ?? '';
  lines.push(...split);
}

const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'], shell: false });
child.stdout.on('data', (chunk) => { process.stdout.write(chunk); keep(chunk); });
child.stderr.on('data', (chunk) => { process.stderr.write(chunk); keep(chunk); });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));

child.on('close', (code, signal) => {
  if (partial) lines.push(partial);
  if (code !== 0) {
    const summary = [];
    for (let i = 0; i < lines.length && summary.length < mostLines; i += 1) {
      if (!heading.test(lines[i])) continue;
      summary.push(...lines.slice(i, i + linesAfterHeading), '');
      i += linesAfterHeading - 1;
    }
    process.stderr.write(`\n==== ${[command, ...args].join(' ')} failed; its failing tests again ====\n`);
    process.stderr.write(`${summary.length ? summary.slice(0, mostLines).join('\n') : '(no failing test found in the output: see above)'}\n`);
  }
  process.exit(code ?? (signal ? 1 : 0));
});
