import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { serveSpa } from '../src/spa.js';

/**
 * The SPA fallback against a build's files: paths in the frontend's route table (dist/routes.json,
 * written by the frontend build) answer 200, others 404 with the same shell, each with its title.
 */
let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tf-gw-spa-'));
  await mkdir(path.join(dir, 'prerendered'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>TrendForge — Create Viral AI Content</title><div id="root"></div>');
  await writeFile(path.join(dir, 'prerendered', 'about-trendforge.html'), '<!doctype html><title>TrendForge — Create Viral AI Content</title><div id="root"><h1>About</h1></div>');
  await writeFile(path.join(dir, 'routes.json'), JSON.stringify({
    routes: [
      { path: '/', title: 'TrendForge — Create Viral AI Content' },
      { path: '/about-trendforge', title: 'About · TrendForge' },
      { path: '/forge', title: 'Forge · TrendForge' },
      { path: '/forge/:id', title: 'Create · TrendForge' },
      { path: '/forge/detail/:id', title: 'Creation · TrendForge' },
      { path: '/forge/history', title: 'History · TrendForge' },
      { path: '/board', title: 'Board & <Votes> · TrendForge' },
      { path: '/admin', title: 'Admin · TrendForge', adminOnly: true },
    ],
    notFoundTitle: 'Page Not Found · TrendForge',
  }));
  const app = express();
  app.get('/api/anything', (_req, res) => { res.status(418).json({ api: true }); });
  // The caller is an admin when the request says so (the gateway asks auth and billing: main.ts).
  serveSpa(app, { SPA_DIR: dir, COOKIE_SECURE: false, SESSION_TTL_SECONDS: 3600 }, async (req) => req.headers['x-test-admin'] === 'yes');
  app.use((_req, res) => { res.status(404).json({ handledBy: 'next' }); });
  server = await new Promise<Server>((resolve) => { const s = app.listen(0, '127.0.0.1', () => resolve(s)); });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function get(urlPath: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${urlPath}`, { headers });
  const body = await response.text();
  return { status: response.status, title: /<title>([^<]*)<\/title>/.exec(body)?.[1], body };
}

test.each([
  ['/', 'TrendForge — Create Viral AI Content'],
  ['/about-trendforge', 'About · TrendForge'],
  ['/about-trendforge/', 'About · TrendForge'],
  ['/forge', 'Forge · TrendForge'],
  ['/forge/detail/0b5c4a3e-1111-4222-8333-444455556666', 'Creation · TrendForge'],
  ['/forge/ghibli', 'Create · TrendForge'],
  ['/forge/history', 'History · TrendForge'],
  ['/Board?tab=weekly', 'Board &amp; &lt;Votes&gt; · TrendForge'],
])('%s is a route: 200 with its title', async (urlPath, title) => {
  const answer = await get(urlPath);
  expect([answer.status, answer.title]).toEqual([200, title]);
});

test('an admin-only route is 200 with its title for an admin, and the not-found page with 404 for anyone else', async () => {
  expect(await get('/admin', { 'x-test-admin': 'yes' })).toMatchObject({ status: 200, title: 'Admin · TrendForge' });
  expect(await get('/admin')).toMatchObject({ status: 404, title: 'Page Not Found · TrendForge' });
  expect(await get('/admin', { 'x-test-admin': 'no' })).toMatchObject({ status: 404, title: 'Page Not Found · TrendForge' });
});

test('a prerendered page keeps its HTML and gets its title', async () => {
  const answer = await get('/about-trendforge');
  expect(answer.body).toContain('<h1>About</h1>');
});

test.each(['/no-such-page', '/board/extra', '/forge/detail/a/b', '/blog', '/%E0%A4%A'])('%s matches no route: 404 with the shell and the not-found title', async (urlPath) => {
  const answer = await get(urlPath);
  expect([answer.status, answer.title]).toEqual([404, 'Page Not Found · TrendForge']);
  expect(answer.body).toContain('<div id="root"></div>');
});

test.each(['/s/abc', '/images/previews/ghibli.jpg', '/static/images/real-examples/ghibli-example.jpg'])('%s is left to the routes after the SPA', async (urlPath) => {
  const response = await fetch(`${base}${urlPath}`);
  expect([response.status, await response.json()]).toEqual([404, { handledBy: 'next' }]);
});

test('the API is untouched', async () => {
  const response = await fetch(`${base}/api/anything`);
  expect([response.status, await response.json()]).toEqual([418, { api: true }]);
});
