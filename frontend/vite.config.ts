/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { build, defineConfig, type Manifest, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { routeTable } from './src/app/route-paths';

const backend = 'http://localhost:3000';
const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/** The public pages served prerendered to visitors (gateway/src/spa.ts): file name and route module. */
const prerenderedPages = [
  { url: '/', file: 'index.html', entry: 'src/pages/LandingPage.tsx' },
  { url: '/about-trendforge', file: 'about-trendforge.html', entry: 'src/pages/AboutPage.tsx' },
  { url: '/waitlist', file: 'waitlist.html', entry: 'src/pages/WaitlistPage.tsx' },
];

/**
 * After the client build, renders the public pages to HTML (src/prerender.tsx, built for Node) into
 * dist/prerendered/, each with modulepreload links for its route chunk: a phone on a slow network
 * paints the page from HTML and CSS instead of waiting for React, the router and then the chunk.
 */
function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'trendforge-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr || config.mode === 'test') return;
      const outDir = path.resolve(config.root, config.build.outDir);
      // A directory of its own (inside node_modules, so the render resolves react and friends):
      // builds running side by side, such as the bundle test's, never share one.
      const ssrDir = fs.mkdtempSync(path.resolve(config.root, 'node_modules/.prerender-'));
      try {
        await build({
          configFile: false,
          root: config.root,
          logLevel: 'warn',
          plugins: [react()],
          resolve: { alias },
          build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
        });
        const { renderPage } = (await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href)) as {
          renderPage: (url: string) => Promise<string>;
        };
        const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
        const chunkFiles = (key: string, seen = new Set<string>()): string[] => {
          if (seen.has(key) || manifest[key].isEntry) return [];
          seen.add(key);
          return [manifest[key].file, ...(manifest[key].imports ?? []).flatMap((dep) => chunkFiles(dep, seen))];
        };
        // On these pages the shell's script and module preloads are started by prerender-boot.js once
        // the page has painted: the HTML and CSS get the bandwidth, and a first paint on a slow phone
        // never waits for React to download or run. The boot script is an asset of its own (the
        // Content-Security-Policy allows no inline script).
        const bootSource = fs.readFileSync(path.resolve(config.root, 'prerender-boot.js'));
        const bootFile = `assets/boot-${createHash('sha256').update(bootSource).digest('base64url').slice(0, 8)}.js`;
        fs.writeFileSync(path.join(outDir, bootFile), bootSource);
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template);
        if (!entry) throw new Error('prerender: no module script in index.html');
        const preloadTag = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
        const shellPreloads = [...template.matchAll(preloadTag)].map((m) => m[1]);
        const head = template.replace(entry[0], '').replace(preloadTag, '');
        fs.mkdirSync(path.join(outDir, 'prerendered'), { recursive: true });
        for (const page of prerenderedPages) {
          const html = await renderPage(`http://localhost${page.url}`);
          const preloads = [...shellPreloads, ...chunkFiles(page.entry).map((file) => `/${file}`).filter((file) => !shellPreloads.includes(file))];
          const scripts = `<script defer src="/${bootFile}" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}"></script>`;
          const out = head.replace('<div id="root"></div>', () => `<div id="root">${html}</div>${scripts}`);
          if (!html || !out.includes(html)) throw new Error(`prerender: ${page.url} did not go into index.html`);
          fs.writeFileSync(path.join(outDir, 'prerendered', page.file), out);
        }
      } finally {
        fs.rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * React Router ships its components as bare `React.forwardRef(...)` / `createContext(...)` calls
 * with a `displayName` written after each: a bundler must keep every one of them (Form, fetchers,
 * ScrollRestoration...) though the app renders none, and they sit in the entry every page loads.
 * Marking those calls pure and dropping the debug names lets the unused ones go (1.4 KB gzip).
 */
function pureReactRouter(): Plugin {
  return {
    name: 'trendforge-pure-react-router',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/ },
      handler(code) {
        const pure = code
          .replace(/^(var \w+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2')
          .replace(/^\w+\.displayName = "[^"]*";$/gm, '');
        // Every line stays where it was (an emptied line is kept), so the source map still holds.
        return { code: pure, map: null };
      },
    },
  };
}

/** Writes the SPA's route table to dist/routes.json: the gateway answers 404 for paths outside it. */
function routesJson(): Plugin {
  return {
    name: 'trendforge-routes',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(routeTable()) });
    },
  };
}

export default defineConfig({
  plugins: [pureReactRouter(), react(), tailwindcss(), prerender(), routesJson()],
  resolve: { alias },
  server: {
    // The browser's Host is kept, so the gateway sees its own origin and accepts writes (cross-site check).
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/graphql': { target: backend, changeOrigin: false, ws: true },
    },
  },
  preview: {
    // The browser's Host is kept, so the gateway sees its own origin and accepts writes (cross-site check).
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/graphql': { target: backend, changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Read by the prerender step to preload each public page's route chunk.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is one chunk: every page loads all of it anyway,
        // and seven small files (React, the JSX runtime, the preload helper...) compressed one by
        // one cost about 2 KB more than together. Lazy chunks still get their shared code as before.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    css: false,
    restoreMocks: true,
    // The tests wait for signals (an element, a settled render), never for time; these limits only
    // stop a hang. Vitest's 5 s (and Testing Library's 1 s for findBy/waitFor, see setup.ts) were
    // measures of CPU speed: a render that takes 1 s took over 5 s with the machine under load.
    testTimeout: 60_000,
  },
});
