#!/usr/bin/env node
/**
 * Generation acceptance (GraphQL `generate`: validate, charge, enqueue), issue 15:
 *
 *   node infra/scripts/bench-accept.mjs                              # starts a stack of its own (built)
 *   BENCH_URL=http://127.0.0.1:PORT node infra/scripts/bench-accept.mjs   # or measures a running one
 *   node infra/scripts/bench-accept.mjs --sequential=50 --burst=100 --rounds=3
 *
 * Prints sequential p50 / p95 and the accepts per second of `burst` requests sent at once, per round.
 */
import { freeTrendSlug, measureAcceptance } from './accept-measure.mjs';
import { startBenchStack } from './bench-stack.mjs';

const option = (name, fallback) => Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);

const external = process.env.BENCH_URL?.replace(/\/+$/, '');
const stack = external ? { url: external, stop: async () => undefined } : await startBenchStack('tf_bench_accept');
try {
  const trendSlug = await freeTrendSlug(stack.url);
  for (let round = 1; round <= option('rounds', 3); round++) {
    const { sequential, burst } = await measureAcceptance(stack.url, { trendSlug, sequential: option('sequential', 50), burst: option('burst', 100) });
    process.stdout.write(`round ${round}: sequential p50 ${sequential.p50?.toFixed(1)} ms, p95 ${sequential.p95?.toFixed(1)} ms (${sequential.accepted} accepted); `
      + `${option('burst', 100)} at once: ${Math.round(burst.perSecond)} accepts/s (median of bursts at ${burst.runs.map(Math.round).join(', ')})\n`);
    const refused = [...sequential.refused, ...burst.refused];
    if (refused.length) process.stdout.write(`  refused: ${[...new Set(refused)].join('; ')}\n`);
  }
} finally {
  await stack.stop();
}
process.exit(0);
