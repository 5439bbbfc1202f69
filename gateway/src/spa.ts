import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

/**
 * Serves the built SPA: hashed assets cached for a year (their names change with their content),
 * every other GET outside /api and /graphql answered with index.html, never cached, so the router
 * in the browser takes over.
 */
export function serveSpa(app: Express, spaDir: string): boolean {
  const indexFile = path.join(spaDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  // The SPA's files go out gzip-compressed (a third of the bytes); API answers and streams are left alone.
  const compress = compression();
  app.use((req: Request, res: Response, next: NextFunction) => (isApi(req.path) ? next() : compress(req, res, next)));
  app.use('/assets', express.static(path.join(spaDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  app.use(express.static(spaDir, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || isApi(req.path)) return next();
    // Trend preview and example images are served by the gateway's previews controller.
    if (req.path.startsWith('/images/previews/') || req.path.startsWith('/static/images/')) return next();
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(indexFile);
  });
  return true;
}

const isApi = (path: string) => path.startsWith('/api') || path.startsWith('/graphql');
