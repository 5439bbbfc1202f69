#!/usr/bin/env node
/**
 * Lighthouse scores of the public pages: performance, accessibility, best practices and SEO for
 * /, /about-trendforge and /waitlist, with Debian's Chromium (never a downloaded browser).
 *
 *   npm run lighthouse                       # against http://localhost:${PORT:-3000} (a running `npm start`)
 *   LIGHTHOUSE_URL=http://127.0.0.1:7000 npm run lighthouse
 *   npm run lighthouse -- --desktop          # desktop preset instead of the default mobile emulation
 *   npm run lighthouse -- --min=95           # exit 1 when any score is below 95
 *   npm run lighthouse -- --json=out.json    # also write the figures as JSON
 *   npm run lighthouse -- --runs=3           # run each page 3 times and report the medians
 *   npm run lighthouse -- --pages=/,/waitlist --lhr=/tmp/lhr   # some pages only; keep the full reports
 *
 * It needs the built app served by a running stack (npm start, or infra/dist/start.js).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';

const args = process.argv.slice(2);
const flag = (name) => args.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
const value = (name) => flag(name)?.split('=')[1];

const base = (process.env.LIGHTHOUSE_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, '');
const pages = value('pages') ? value('pages').split(',') : ['/', '/about-trendforge', '/waitlist'];
const runs = Math.max(1, Number(value('runs') ?? 1));
const lhrDir = value('lhr');
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const desktop = Boolean(flag('desktop'));
const min = value('min') ? Number(value('min')) : null;
const chromePath = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';

try {
  const res = await fetch(`${base}/api/waitlist/count`);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
} catch (error) {
  console.error(`No TrendForge stack answers at ${base} (${error.message}). Start one with \`npm start\` or set LIGHTHOUSE_URL.`);
  process.exit(2);
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const metricIds = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
// Lighthouse varies from run to run (more so on a busy machine): with --runs the median of each figure is reported.
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = [];
try {
  for (const path of pages) {
    const samples = [];
    for (let run = 1; run <= runs; run += 1) {
      const runnerResult = await lighthouse(
        `${base}${path}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories },
        desktop ? desktopConfig : undefined,
      );
      const lhr = runnerResult.lhr;
      if (lhrDir) {
        mkdirSync(lhrDir, { recursive: true });
        writeFileSync(`${lhrDir}/${desktop ? 'desktop' : 'mobile'}${path.replace(/\//g, '_')}-${run}.json`, JSON.stringify(lhr));
      }
      samples.push({
        scores: Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
        values: Object.fromEntries(metricIds.map((id) => [id, lhr.audits[id]?.numericValue ?? NaN])),
        failing: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
          .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`),
        runtimeError: lhr.runtimeError?.message,
      });
    }
    const scores = Object.fromEntries(categories.map((c) => [c, median(samples.map((s) => s.scores[c]))]));
    const show = (id, v) => (id === 'cumulative-layout-shift' ? v.toFixed(3) : id === 'total-blocking-time' ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(1)} s`);
    const metrics = metricIds.map((id) => `${id.replace(/-/g, ' ')}: ${show(id, median(samples.map((s) => s.values[id])))}`);
    const failing = [...new Set(samples.flatMap((s) => s.failing))];
    const runtimeError = samples.find((s) => s.runtimeError)?.runtimeError;
    results.push({ path, runs, ...scores, metrics, failing, runtimeError, samples: samples.map((s) => s.scores) });
  }
} finally {
  await chrome.kill();
}

console.log(`\nLighthouse ${desktop ? 'desktop' : 'mobile'} — ${base}${runs > 1 ? ` — medians of ${runs} runs` : ''}\n`);
console.log(`${'page'.padEnd(20)}${categories.map((c) => c.padStart(16)).join('')}`);
for (const r of results) console.log(`${r.path.padEnd(20)}${categories.map((c) => String(r[c]).padStart(16)).join('')}`);
for (const r of results) {
  console.log(`\n${r.path}: ${r.metrics.join(', ')}`);
  if (r.runtimeError) console.log(`  runtime error: ${r.runtimeError}`);
  if (r.failing.length) console.log(`  audits below 90: ${r.failing.join(', ')}`);
}
if (value('json')) writeFileSync(value('json'), JSON.stringify({ base, preset: desktop ? 'desktop' : 'mobile', results }, null, 2));
if (min !== null && results.some((r) => categories.some((c) => r[c] < min))) {
  console.error(`\nSome score is below ${min}.`);
  process.exit(1);
}
