import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagesWithoutQueries } from '../src/lib/query-client-loader.ts';
import { landingJsSize, measurePage } from './landing-js-size.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');

/**
 * Code only members' screens use, which must never be among the scripts the landing page loads
 * (its entry and modulepreloads): the GraphQL client, forms and validation, the auth dialog, the
 * toasts, Radix parts of member screens, every member feature, and tailwind-merge (the shell's
 * primitives are component classes that utilities override: index.css).
 */
const memberOnly = [
  /node_modules\/@apollo\/client\//,
  /node_modules\/graphql\//,
  /node_modules\/graphql-ws\//,
  /node_modules\/rxjs\//,
  /node_modules\/react-hook-form\//,
  /node_modules\/@hookform\//,
  /node_modules\/zod\//,
  /node_modules\/tailwind-merge\//,
  /node_modules\/@radix-ui\/react-(dialog|dropdown-menu|tabs|toast|tooltip)\//,
  /\/src\/features\/(generation|forge|creator|wizard|images|board|settings|sharing|dashboard|personalization)\//,
  /\/src\/features\/auth\/AuthDialog\.tsx$/,
  /\/src\/ui\/(toast|dialog|tabs|tooltip)\.tsx$/,
  /\/src\/pages\/(?!LandingPage\.tsx$)/,
];

describe('the landing page’s scripts (a production build)', () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-landing-build-'));
  /** The source modules whose code is in each emitted chunk (from its source map), by file name. */
  const modulesByChunk = new Map();

  beforeAll(() => {
    // A build of its own (a child process, as `vite build` runs), with source maps to read the chunks' modules.
    execFileSync(process.execPath, [vite, 'build', '--sourcemap', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    });
    const assets = path.join(outDir, 'assets');
    for (const file of fs.readdirSync(assets).filter((f) => f.endsWith('.js'))) {
      // Rolldown's tiny runtime chunk has no source map: it is bundler code, not a module.
      const mapFile = path.join(assets, `${file}.map`);
      const sources = fs.existsSync(mapFile) ? JSON.parse(fs.readFileSync(mapFile, 'utf8')).sources : [];
      modulesByChunk.set(`assets/${file}`, sources.map((source) => path.resolve(assets, source).replaceAll('\\', '/')));
    }
  }, 300_000);

  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  const landingModules = (page) =>
    // The prerendered pages' boot script (prerender-boot.js) is copied as it is: no bundled module in it.
    page.files.filter(({ classic }) => !classic).flatMap(({ file }) => {
      const modules = modulesByChunk.get(file);
      if (!modules) throw new Error(`${file} is not a chunk of this build`);
      return modules;
    });

  it('the shell and the prerendered landing page load React and the landing route, and no member-only module', () => {
    const { shell, prerendered } = landingJsSize(outDir);
    expect(prerendered).not.toBeNull();
    const shellModules = landingModules(shell);
    const pageModules = landingModules(prerendered);
    // The check reads real chunks: React is there, and the landing route on the prerendered page.
    expect(shellModules.some((id) => id.includes('/node_modules/react-dom/'))).toBe(true);
    expect(pageModules.some((id) => id.endsWith('/src/pages/LandingPage.tsx'))).toBe(true);

    const offenders = [...new Set([...shellModules, ...pageModules])].filter((id) => memberOnly.some((pattern) => pattern.test(id)));
    expect(offenders).toEqual([]);
  });

  it('the landing page loads at most 100 KB of JavaScript (gzip -9), its sections below the fold and the footer not among it', () => {
    const { landing } = landingJsSize(outDir);
    // Loaded when scrolled to (lib/near-viewport): in the build, but not in what the page starts with.
    const later = [/\/src\/features\/landing\/(FeatureGrid|HowItWorks|Testimonials|DownloadCta)\.tsx$/, /\/src\/app\/shell\/Footer\.tsx$/];
    expect(landingModules(landing).filter((id) => later.some((pattern) => pattern.test(id)))).toEqual([]);
    expect([...modulesByChunk.values()].flat().filter((id) => later.some((pattern) => pattern.test(id)))).toHaveLength(5);
    expect(landing.gzip).toBeLessThanOrEqual(100_000);
  });

  it('member-only modules are still in the build, as chunks of their own (the check above looks at real names)', () => {
    const all = [...modulesByChunk.values()].flat();
    expect(all.some((id) => id.includes('/node_modules/@apollo/client/'))).toBe(true);
    expect(all.some((id) => id.endsWith('/src/features/auth/AuthDialog.tsx'))).toBe(true);
  });

  it('the pages promised to visitors without TanStack Query (pagesWithoutQueries) load none of it', () => {
    for (const pagePath of pagesWithoutQueries) {
      const html = `prerendered/${pagePath === '/' ? 'index' : pagePath.slice(1)}.html`;
      const tanstack = landingModules(measurePage(outDir, html)).filter((id) => id.includes('/node_modules/@tanstack/query-core/'));
      // A page that starts reading through TanStack Query leaves pagesWithoutQueries (lib/query-client-loader.ts).
      expect({ page: pagePath, tanstack }).toEqual({ page: pagePath, tanstack: [] });
    }
  });
});

describe('what the landing figure counts', () => {
  it('every script of the prerendered page: src, modulepreloads, the boot script’s data-entry and data-preload, each gzip -9', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-landing-count-'));
    try {
      fs.mkdirSync(path.join(dist, 'assets'));
      fs.mkdirSync(path.join(dist, 'prerendered'));
      const files = ['boot.js', 'entry.js', 'react.js', 'page.js', 'shared.js'];
      for (const [i, file] of files.entries()) fs.writeFileSync(path.join(dist, 'assets', file), `export const f${i} = ${JSON.stringify('x'.repeat(500 * (i + 1)))};\n`);
      fs.writeFileSync(path.join(dist, 'index.html'), '<script type="module" crossorigin src="/assets/entry.js"></script>');
      fs.writeFileSync(
        path.join(dist, 'prerendered/index.html'),
        '<link rel="modulepreload" crossorigin href="/assets/shared.js"><div id="root"></div>' +
          '<script defer src="/assets/boot.js" data-entry="/assets/entry.js" data-preload="/assets/react.js /assets/page.js"></script>',
      );
      const { shell, landing } = landingJsSize(dist);
      expect(shell.files.map((f) => f.file)).toEqual(['assets/entry.js']);
      expect(landing.html).toBe('prerendered/index.html');
      expect(landing.files.map((f) => f.file).sort()).toEqual(files.map((f) => `assets/${f}`).sort());
      const gzip9 = files.reduce((total, f) => total + zlib.gzipSync(fs.readFileSync(path.join(dist, 'assets', f)), { level: 9 }).length, 0);
      expect(landing.gzip).toBe(gzip9);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
