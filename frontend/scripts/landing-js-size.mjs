#!/usr/bin/env node
/**
 * The JavaScript a page loads before it is interactive, from a build's HTML: every script it names
 * (`src`), every modulepreload, and on a prerendered page what its boot script starts (data-entry,
 * data-preload), plus any static import the manifest lists that the HTML left out; each file
 * compressed with gzip -9, one by one, as the browser fetches them.
 *
 *   node frontend/scripts/landing-js-size.mjs [distDir] [--json] [--budget=KB]
 *
 * Prints each file and the total for dist/index.html (the shell a member's page starts from) and for
 * each prerendered public page (dist/prerendered/*.html: what a visitor gets). The landing page's
 * figure is dist/prerendered/index.html's total (the shell's when nothing was prerendered).
 * --json prints one JSON object instead (for npm run bench:api); --budget exits 1 when the landing
 * page's total is above that many KB (1 KB = 1,000 bytes, as vite prints sizes).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const defaultDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/**
 * The script files a page's HTML loads, in order: its scripts (`classic` when not modules), the
 * modules a prerendered page's boot script starts (data-entry, data-preload: vite.config.ts) and
 * its modulepreloads.
 */
export function scriptsOfHtml(html) {
  const files = [];
  const add = (file, classic = false) => {
    if (file && !files.some((f) => f.file === file)) files.push({ file, classic });
  };
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    if (tag.startsWith('<script')) {
      add(/\bsrc="([^"]+)"/.exec(tag)?.[1], !/\btype="module"/.test(tag));
      add(/\bdata-entry="([^"]+)"/.exec(tag)?.[1]);
      for (const file of /\bdata-preload="([^"]*)"/.exec(tag)?.[1].split(' ') ?? []) add(file);
    } else {
      add(/\brel="modulepreload"[^>]*\bhref="([^"]+)"/.exec(tag)?.[1]);
    }
  }
  return files.map(({ file, classic }) => ({ file: file.replace(/^\//, ''), classic }));
}

/** Adds the static imports of those files (from .vite/manifest.json), which the browser loads too. */
function withStaticImports(distDir, files) {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) return files;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const all = [...files];
  for (let i = 0; i < all.length; i++) {
    for (const key of byFile.get(all[i].file)?.imports ?? []) {
      const file = manifest[key].file;
      if (!all.some((f) => f.file === file)) all.push({ file, classic: false });
    }
  }
  return all;
}

/** Each script's raw and gzip size, and their totals, for one HTML file of a build. */
export function measurePage(distDir, htmlFile) {
  const html = fs.readFileSync(path.join(distDir, htmlFile), 'utf8');
  const files = withStaticImports(distDir, scriptsOfHtml(html)).map(({ file, classic }) => {
    const bytes = fs.readFileSync(path.join(distDir, file));
    return { file, classic, bytes: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
  });
  const sum = (key) => files.reduce((total, f) => total + f[key], 0);
  return { html: htmlFile, files, bytes: sum('bytes'), gzip: sum('gzip') };
}

/**
 * The shell (dist/index.html), every prerendered public page, and the landing page as a visitor
 * gets it (`landing`: the prerendered one, else the shell).
 */
export function landingJsSize(distDir = defaultDist) {
  const shell = measurePage(distDir, 'index.html');
  const prerenderedDir = path.join(distDir, 'prerendered');
  const pages = fs.existsSync(prerenderedDir)
    ? fs.readdirSync(prerenderedDir).filter((f) => f.endsWith('.html')).sort().map((f) => measurePage(distDir, `prerendered/${f}`))
    : [];
  const prerendered = pages.find((page) => page.html === 'prerendered/index.html') ?? null;
  return { shell, pages, prerendered, landing: prerendered ?? shell };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

function print({ shell, pages, landing }) {
  for (const page of [shell, ...pages]) {
    console.log(`${page.html}: ${page.files.length} scripts, ${kb(page.bytes)} raw, ${kb(page.gzip)} gzip`);
    for (const f of [...page.files].sort((a, b) => b.gzip - a.gzip)) {
      console.log(`  ${kb(f.gzip).padStart(9)} gzip  ${kb(f.bytes).padStart(9)} raw  ${f.file}`);
    }
  }
  console.log(`landing JS (${landing.html}: every script it and its boot script load, gzip -9): ${kb(landing.gzip)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const distDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? defaultDist);
  const budget = args.find((a) => a.startsWith('--budget='));
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    console.error(`No ${path.join(distDir, 'index.html')}: build the frontend first (npx nx run @trendforge/frontend:build).`);
    process.exit(2);
  }
  const result = landingJsSize(distDir);
  if (args.includes('--json')) console.log(JSON.stringify(result));
  else print(result);
  if (budget && result.landing.gzip > Number(budget.slice('--budget='.length)) * 1000) {
    console.error(`landing JS ${kb(result.landing.gzip)} is over the budget of ${budget.slice('--budget='.length)} KB`);
    process.exit(1);
  }
}
