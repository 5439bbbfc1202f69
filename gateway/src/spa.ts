import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

/**
 * Serves the built SPA: hashed assets cached for a year (their names change with their content),
 * every other GET outside /api and /graphql answered with index.html, never cached, so the router
 * in the browser takes over.
 */
export function serveSpa(app: Express, spaDir: string): boolean {
  const indexFile = path.join(spaDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  app.use('/assets', express.static(path.join(spaDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  app.use(express.static(spaDir, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || req.path.startsWith('/api') || req.path.startsWith('/graphql')) return next();
    // Trend preview and example images are served by the gateway's previews controller.
    if (req.path.startsWith('/images/previews/') || req.path.startsWith('/static/images/')) return next();
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(indexFile);
  });
  return true;
}
