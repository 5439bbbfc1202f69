import type { QueryFunction } from '@tanstack/react-query';

/** Removes any extra leading slashes so `//api/x` and `/api/x` hit the same path. */
export function normalizePath(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return '/' + path.replace(/^\/+/, '');
}

/** Any non-OK response becomes an Error `${status}: ${responseText || statusText}`. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text().catch(() => '')) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

/**
 * Same-origin request with cookies. A JSON content type is only set when there is a body.
 * Network failures are logged and re-thrown.
 */
export async function apiRequest(method: string, path: string, data?: unknown): Promise<Response> {
  const hasBody = data !== undefined;
  let res: Response;
  try {
    res = await fetch(normalizePath(path), {
      method,
      headers: hasBody ? { 'Content-Type': 'application/json' } : {},
      body: hasBody ? JSON.stringify(data) : undefined,
      credentials: 'include',
    });
  } catch (error) {
    console.error(`Network error on ${method} ${path}`, error);
    throw error;
  }
  await throwIfResNotOk(res);
  return res;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Default query function: GET on the path in queryKey[0]. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    let res: Response;
    try {
      res = await fetch(normalizePath(String(queryKey[0])), { credentials: 'include' });
    } catch (error) {
      console.error(`Network error on GET ${String(queryKey[0])}`, error);
      throw error;
    }
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * Extracts the human message from an error produced by the request helper
 * (`"409: {\"message\":\"Email already registered\"}"`) or any other Error.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error) || !error.message) return fallback;
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
  if (!match) return error.message;
  const body = match[2].trim();
  if (!body) return fallback;
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed && typeof parsed === 'object') {
      const { message, error: err } = parsed as { message?: unknown; error?: unknown };
      if (Array.isArray(message) && message.length) return message.map(String).join(', ');
      if (typeof message === 'string' && message) return message;
      if (typeof err === 'string' && err) return err;
    }
    return fallback;
  } catch {
    // Plain-text bodies are already human text; HTML error pages are not.
    return body.startsWith('<') ? fallback : body;
  }
}
