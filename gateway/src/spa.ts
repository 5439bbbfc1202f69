import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import { parse as parseCookies } from 'cookie';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { clearMemberMarker, MemberMarkerCookie, SessionCookie, setMemberMarker } from './common/session.js';
import type { GatewayConfig } from './config.js';

/** The public pages the frontend build prerenders (frontend/vite.config.ts) and their files. */
const prerenderedPages: Record<string, string> = {
  '/': 'index.html',
  '/about-trendforge': 'about-trendforge.html',
  '/waitlist': 'waitlist.html',
};

/**
 * Serves the built SPA: hashed assets cached for a year (their names change with their content),
 * every other GET outside /api and /graphql answered with index.html, never cached, so the router
 * in the browser takes over. A visitor without a session gets the public pages prerendered (their
 * HTML paints before any script runs; React hydrates it); members, and addresses with a query
 * string, get the plain shell.
 */
export function serveSpa(app: Express, config: Pick<GatewayConfig, 'SPA_DIR' | 'COOKIE_SECURE' | 'SESSION_TTL_SECONDS'>): boolean {
  const spaDir = config.SPA_DIR;
  const indexFile = path.join(spaDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  // Read once, like the prerendered pages: every navigation gets it, and the build does not change under a running gateway.
  const shell = fs.readFileSync(indexFile, 'utf8');
  const prerendered = new Map<string, string>();
  for (const [pathname, name] of Object.entries(prerenderedPages)) {
    const file = path.join(spaDir, 'prerendered', name);
    if (fs.existsSync(file)) prerendered.set(pathname, fs.readFileSync(file, 'utf8'));
  }
  // The footer shows the current year; the HTML was rendered in the build's year.
  const withCurrentYear = (html: string) => html.replace(/(data-testid="copyright"[^>]*>© (?:<!-- -->)?)\d{4}/, `$1${new Date().getFullYear()}`);
  // The SPA's files go out gzip-compressed (a third of the bytes); API answers and streams are left alone.
  const compress = compression();
  app.use((req: Request, res: Response, next: NextFunction) => (isApi(req.path) ? next() : compress(req, res, next)));
  app.use('/assets', express.static(path.join(spaDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  app.use(express.static(spaDir, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || isApi(req.path)) return next();
    // Trend preview and example images are served by the gateway's previews controller.
    if (req.path.startsWith('/images/previews/') || req.path.startsWith('/static/images/')) return next();
    // Shared creations' public pages are rendered by the gateway (link crawlers run no scripts).
    if (req.path.startsWith('/s/')) return next();
    const cookies = parseCookies(req.headers.cookie ?? '');
    const hasSession = Boolean(cookies[SessionCookie]);
    // Keep the SPA's readable member marker in step with the (httpOnly) session cookie, e.g. for
    // sessions started before the marker existed; GET /api/auth/me drops both when the session is stale.
    if (hasSession && !cookies[MemberMarkerCookie]) setMemberMarker(res, config);
    if (!hasSession && cookies[MemberMarkerCookie]) clearMemberMarker(res, config);
    res.setHeader('cache-control', 'no-cache');
    res.setHeader('vary', 'Cookie');
    // The pages were rendered without a query string (a ?ref= changes the waitlist's first screen).
    const plain = !hasSession && !req.url.includes('?');
    const page = plain ? prerendered.get(req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path) : undefined;
    res.type('html').send(page ? withCurrentYear(page) : shell);
  });
  return true;
}

/** Paths the SPA leaves to the API: REST, GraphQL and the probes (/livez, /readyz). */
const isApi = (path: string) => path.startsWith('/api') || path.startsWith('/graphql') || path === '/livez' || path === '/readyz';
