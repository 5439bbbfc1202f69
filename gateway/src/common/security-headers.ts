import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/**
 * The SPA's and the prerendered pages' policy: scripts only from this origin's files (the build
 * has no inline script), styles from its files plus inline `style` attributes (the prerendered
 * HTML and the UI's dialogs carry them), images also from data: and blob: (previews of photos
 * being uploaded), API calls and the GraphQL WebSocket to this origin ('self' covers ws/wss to it).
 * Pages that need a stricter one (shared creations at /s/, stored files) set their own.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const OneYear = 365 * 24 * 3600;

/**
 * Headers on every answer: the CSP above, no framing (frame-ancestors and X-Frame-Options for
 * older browsers), nosniff, a referrer that leaves only the origin on other sites, and HSTS only
 * when the request came over TLS (directly or, with trust proxy, per X-Forwarded-Proto): over
 * plain HTTP it would be ignored, and a local http://localhost must keep working.
 */
export function securityHeaders() {
  const common = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: OneYear, includeSubDomains: true });
  return (req: Request, res: Response, next: NextFunction) =>
    common(req, res, (error?: unknown) => (error || !req.secure ? next(error) : hsts(req, res, next)));
}

/**
 * The headers securityHeaders() sets, as a list, for answers that skip the middleware (the
 * catalogue's cached answers, common/http-pipeline.ts): taken from the middleware itself, once,
 * so the two cannot drift apart.
 */
export function securityHeaderValues(secure: boolean): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const res = {
    setHeader: (name: string, value: string) => headers.push([name, String(value)]),
    removeHeader: (name: string) => headers.splice(0, headers.length, ...headers.filter(([kept]) => kept.toLowerCase() !== name.toLowerCase())),
  };
  let done = false;
  securityHeaders()({ secure, headers: {} } as Request, res as unknown as Response, () => (done = true));
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}
