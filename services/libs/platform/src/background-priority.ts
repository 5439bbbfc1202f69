import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Imported first by the queue workers' entry points: renders and photo analysis are background
 * work, so on a machine they share with the gateway and the services (npm start, compose, one
 * node) they yield the CPU to requests people wait on. Linux keeps a niceness per thread and a
 * new thread takes its creator's, so every thread running now is lowered (the thread pool may
 * have started already) and the ones started later (libvips) follow. WORKER_NICENESS (1-19)
 * tunes it; 0 leaves the priority alone. The default is the lowest, 19: measured in turns in one
 * stack against 10, bursts of generation acceptances went from about 250 to about 310 a second
 * while renders ran (sequential acceptance was the same).
 */
const niceness = Number(process.env.WORKER_NICENESS ?? 19);
if (Number.isInteger(niceness) && niceness > 0 && niceness <= 19) {
  let threads = [0]; // elsewhere than Linux: the process as the OS sees it
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    // no /proc
  }
  for (const thread of threads) {
    try {
      setPriority(thread, niceness);
    } catch (error) {
      process.emitWarning(`worker thread ${thread} priority not lowered: ${(error as Error).message}`);
    }
  }
}
