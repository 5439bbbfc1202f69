import type { NextFunction, Request, Response } from 'express';
import { isAllowedOrigin } from './origin.js';

export const CrossSiteMessages = {
  refused: 'Cross-site request refused',
  jsonOnly: 'Send the request body as JSON (Content-Type: application/json)',
  jsonOrMultipart: 'Send the request body as JSON or as a multipart form (Content-Type: application/json or multipart/form-data)',
} as const;

/** The routes that take an image upload (multipart, ImageFileInterceptor); every other write takes JSON only. */
const uploadRoutes = new Set(['/api/photos', '/api/upload', '/api/extract-traits']);

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request carries a body (the same test as the body parsers': a length or a chunked transfer). */
const hasBody = (req: Request) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Login CSRF and its kin: a page on another site can make the browser POST a form (urlencoded,
 * multipart, text/plain) with the visitor's cookies and without a CORS preflight. State-changing
 * calls (every one is under /api or /graphql; the pages are GETs) are therefore refused when the
 * browser says they come from another origin (403), and their bodies must be JSON, which no form
 * can send (415). Runs before any body is parsed. GraphQL over HTTP gets the origin check too;
 * its content types are Apollo's CSRF prevention.
 */
export function refuseCrossSiteWrites() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (safeMethods.has(req.method)) return next();
    if (!isAllowedOrigin(req.headers, req.secure)) return refuse(res, 403, CrossSiteMessages.refused);
    // Express routes ignore case and a trailing slash: so does this.
    const path = req.path.toLowerCase().replace(/\/+$/, '');
    if (path === '/graphql' || !hasBody(req)) return next();
    const upload = uploadRoutes.has(path);
    const accepted = upload ? ['application/json', 'multipart/form-data'] : ['application/json'];
    if (req.is(accepted)) return next();
    refuse(res, 415, upload ? CrossSiteMessages.jsonOrMultipart : CrossSiteMessages.jsonOnly);
  };
}

/** The same `{statusCode, message}` shape as every other REST error (ErrorsFilter). */
function refuse(res: Response, status: number, message: string) {
  // The body is left unread: close the connection rather than read a refused upload to its end.
  res.setHeader('connection', 'close');
  res.status(status).json({ statusCode: status, message });
}
