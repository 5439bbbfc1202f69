import type { IncomingHttpHeaders } from 'node:http';

/** The origin of a URL (`https://host:port`), or undefined when it is not one (`null`, garbage). */
function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** PUBLIC_ORIGIN and PUBLIC_ORIGINS, read per call so a test or the launcher can set them at any time before the request. */
function publicOrigins(): string[] {
  return [process.env.PUBLIC_ORIGIN ?? '', ...(process.env.PUBLIC_ORIGINS ?? '').split(',')]
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => originOf(entry) ?? entry);
}

/** Whether `origin` is one the deployment names (PUBLIC_ORIGIN or PUBLIC_ORIGINS): never taken from the request's Host. */
export function isConfiguredOrigin(origin: string): boolean {
  const claimed = originOf(origin);
  return claimed !== undefined && publicOrigins().includes(claimed);
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The public origins allowed to make state-changing calls: PUBLIC_ORIGIN, PUBLIC_ORIGINS (comma-separated) plus the
 * request's own origin (its Host). A call with neither Origin nor Referer is allowed: non-browser
 * clients send none, and browsers always send Origin on cross-site POSTs and WebSocket handshakes.
 */
export function isAllowedOrigin(headers: IncomingHttpHeaders, secure: boolean): boolean {
  const origin = first(headers.origin);
  const referer = first(headers.referer);
  if (origin === undefined && referer === undefined) return true;
  // An Origin that is present but opaque ("null": sandboxed frames, file://) is refused, not skipped.
  const claimed = origin !== undefined ? originOf(origin) : originOf(referer ?? '');
  if (claimed === undefined) return false;
  const host = first(headers.host);
  if (host && claimed === originOf(`${secure ? 'https' : 'http'}://${host}`)) return true;
  return publicOrigins().includes(claimed);
}
