import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import { parseCookie as parseCookies } from 'cookie';
import escapeHtml from 'escape-html';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { match } from 'path-to-regexp';
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
 * string, get the plain shell. Paths outside the frontend's route table (dist/routes.json) answer
 * 404 with the same shell, so the SPA shows its not-found page, and so do admin-only routes
 * (`/admin`) to anyone but an admin; each answer carries its page's title.
 */
export function serveSpa(
  app: Express,
  config: Pick<GatewayConfig, 'SPA_DIR' | 'COOKIE_SECURE' | 'SESSION_TTL_SECONDS'>,
  /** Whether the caller is an admin (admin-only routes answer 404 to everyone else); without it, nobody is. */
  isAdmin: (req: Request) => Promise<boolean> = async () => false,
): boolean {
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
  const routeTitle = readRouteTable(spaDir);
  // The footer shows the current year; the HTML was rendered in the build's year.
  const withCurrentYear = (html: string) => html.replace(/(data-testid="copyright"[^>]*>© (?:<!-- -->)?)\d{4}/, `$1${new Date().getFullYear()}`);
  // The SPA's files go out gzip-compressed (a third of the bytes); API answers and streams are left alone.
  const compress = compression();
  app.use((req: Request, res: Response, next: NextFunction) => (isApi(req.path) ? next() : compress(req, res, next)));
  app.use('/assets', express.static(path.join(spaDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  // API paths never name a file: they skip the file-system look-up (a stat per GET).
  const files = express.static(spaDir, { index: false, maxAge: '1h' });
  app.use((req: Request, res: Response, next: NextFunction) => (isApi(req.path) ? next() : files(req, res, next)));
  app.use(async (req: Request, res: Response, next: NextFunction) => {
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
    let title = routeTitle(req.path);
    if (title.adminOnly && !(await isAdmin(req).catch(() => false))) title = routeTitle.notFound;
    res.status(title.found ? 200 : 404).type('html').send(withTitle(page ? withCurrentYear(page) : shell, title.title));
  });
  return true;
}

/** Paths the SPA leaves to the API: REST, GraphQL and the probes (/livez, /readyz). */
const isApi = (path: string) => path.startsWith('/api') || path.startsWith('/graphql') || path === '/livez' || path === '/readyz';

/** The route table the frontend build writes (frontend/src/app/route-paths.ts). */
interface RouteTable {
  routes: { path: string; title: string; adminOnly?: boolean }[];
  notFoundTitle: string;
}

interface RouteAnswer {
  found: boolean;
  title: string | null;
  adminOnly?: boolean;
}

/**
 * Whether a path is one of the SPA's routes, and its page's title. Patterns use react-router's
 * `:param` syntax, which path-to-regexp reads alike (one segment each; case and a trailing slash
 * ignored, as the router does). A build without a table (an older one) has every path found.
 */
function readRouteTable(spaDir: string): ((pathname: string) => RouteAnswer) & { notFound: RouteAnswer } {
  const file = path.join(spaDir, 'routes.json');
  if (!fs.existsSync(file)) return Object.assign(() => ({ found: true, title: null }), { notFound: { found: false, title: null } });
  const table = JSON.parse(fs.readFileSync(file, 'utf8')) as RouteTable;
  // Paths without parameters first, so /forge/history wins over /forge/:id as in the router.
  const routes = [...table.routes]
    .sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')))
    .map((route) => ({ matches: match(route.path, { decode: false }), title: route.title, adminOnly: route.adminOnly === true }));
  const notFound: RouteAnswer = { found: false, title: table.notFoundTitle };
  const lookup = (pathname: string): RouteAnswer => {
    const route = routes.find((r) => r.matches(pathname));
    return route ? { found: true, title: route.title, adminOnly: route.adminOnly } : notFound;
  };
  return Object.assign(lookup, { notFound });
}

/** The HTML with the page's own title in place of index.html's. */
function withTitle(html: string, title: string | null): string {
  return title ? html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`) : html;
}
