/**
 * Studio engine benchmark: per trend, the median wall time of a 1024×1024 render over 7 runs on
 * one libvips thread, the median and max CPU time (process.cpuUsage) per render, and the
 * process's peak RSS. Run after a build with `npm run bench` (`BENCH_TRENDS=oil-painting,comic`
 * for some trends, `BENCH_RUNS=3` for fewer runs). Budget (DESIGN.md §7): median under 500 ms per
 * trend, none over 1 s. On a machine shared with other work the wall time also counts waiting for
 * a core, so the verdict is on CPU time and the wall figures are shown beside it.
 */
import sharp from 'sharp';
import { renderTrend, supportedTrendSlugs } from './index.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const BUDGET_MEDIAN = 500;
const BUDGET_MAX = 1000;

sharp.concurrency(1);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main(): Promise<void> {
  const only = (process.env.BENCH_TRENDS ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  const slugs = only.length > 0 ? only : [...supportedTrendSlugs(), 'unknown-trend'];
  const prompts = ['a brave astronaut cat exploring mars', 'a woman chef with red hair baking a cupcake', 'a friendly robot reading a book in the city'];
  // Warm up fonts, librsvg and the JIT once.
  await renderTrend({ trendSlug: 'pixar', trendName: 'Pixar', prompt: prompts[0], seed: 1 });
  const rows: Array<{ slug: string; median: number; max: number; cpu: number; cpuMax: number; rss: number }> = [];
  for (const slug of slugs) {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const out = await renderTrend({ trendSlug: slug, trendName: slug, prompt: prompts[i % prompts.length], seed: 100 + i });
      wall.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
      if (out.width !== 1024 || out.height !== 1024) throw new Error(`unexpected size ${out.width}x${out.height}`);
    }
    rows.push({ slug, median: median(wall), max: Math.max(...wall), cpu: median(cpu), cpuMax: Math.max(...cpu), rss: process.resourceUsage().maxRSS / 1024 });
  }
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (v: number, n = 9) => v.toFixed(0).padStart(n);
  console.log(`studio engine bench: 1024x1024, ${RUNS} runs per trend, sharp.concurrency(1), libvips ${sharp.versions.vips}, node ${process.version}`);
  console.log(`${pad('trend', 18)}${'wall median'.padStart(12)}${'wall max'.padStart(10)}${'cpu median'.padStart(12)}${'cpu max'.padStart(9)}${'peak RSS MiB'.padStart(14)}  budget`);
  let ok = true;
  for (const r of rows) {
    const pass = r.cpu < BUDGET_MEDIAN && r.cpuMax < BUDGET_MAX;
    const wallPass = r.median < BUDGET_MEDIAN && r.max < BUDGET_MAX;
    ok &&= pass;
    console.log(`${pad(r.slug, 18)}${num(r.median, 12)}${num(r.max, 10)}${num(r.cpu, 12)}${num(r.cpuMax)}${num(r.rss, 14)}  ${pass ? (wallPass ? 'ok' : 'ok (cpu; wall over: machine busy)') : 'OVER'}`);
  }
  if (!ok) {
    console.log('budget exceeded: CPU median must be under 500 ms and no render over 1000 ms');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
