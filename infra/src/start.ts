/**
 * `npm start`: brings the whole stack up on this machine (see stack.ts and DESIGN section 5) and
 * keeps it running until SIGINT/SIGTERM; a second signal kills everything at once.
 */
import { startStack, type Stack } from './stack.js';

const say = (message: string) => process.stdout.write(`${'launcher'.padEnd(17)} | ${message}\n`);

async function main(): Promise<void> {
  const aborter = new AbortController();
  let stack: Stack | null = null;
  let signals = 0;

  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      say(`${signal} again: killing everything now`);
      for (const instance of stack?.instances() ?? []) {
        if (instance.running && instance.pid) {
          try {
            process.kill(instance.pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      }
      process.exit(130);
    }
    say(`${signal} received: stopping (press Ctrl+C again to kill at once)`);
    if (!stack) {
      aborter.abort();
      return;
    }
    stack
      .stop()
      .then(() => {
        say('stopped');
        process.exit(0);
      })
      .catch((error: Error) => {
        say(`stop failed: ${error.message}`);
        process.exit(1);
      });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    stack = await startStack({ signal: aborter.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') {
      say('start-up aborted; everything started so far was stopped');
      process.exit(130);
    }
    process.stderr.write(`\n${(error as Error).message}\n\n`);
    process.exit(1);
  }
  process.stdout.write(`\nTrendForge is up at ${stack.url}\n\n`);
}

void main();
