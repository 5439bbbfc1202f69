/** Removes any extra leading slashes so `//api/x` and `/api/x` hit the same path. */
export function normalizePath(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return '/' + path.replace(/^\/+/, '');
}

/**
 * A non-2xx answer of the gateway, read once: its status, the server's human message (Nest's
 * `message`, a validation list joined, `error`, or a plain-text body; empty when the body has none,
 * e.g. `{}` or an HTML error page), its `code` when it names one, and Retry-After in seconds.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
    readonly code?: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }

  /** Reads the answer's body (the message of an empty one is the status text). */
  static async from(res: Response): Promise<ApiError> {
    const text = await res.text().catch(() => '');
    const seconds = Number(res.headers.get('Retry-After') ?? NaN);
    const retryAfter = Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      // Plain-text bodies are already human text; HTML error pages are not.
      const human = text.trim() || res.statusText;
      return new ApiError(res.status, human.startsWith('<') ? '' : human, text, undefined, retryAfter);
    }
    const { message, error, code } = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const human =
      Array.isArray(message) && message.length
        ? message.map(String).join(', ')
        : typeof message === 'string' && message
          ? message
          : typeof error === 'string'
            ? error
            : '';
    return new ApiError(res.status, human, body, typeof code === 'string' ? code : undefined, retryAfter);
  }
}

/** Whether `error` is the gateway's answer with this status (or any answer, without one). */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * The one transport of the SPA's REST calls (the typed client in api-client.ts):
 * same origin, cookies always; network failures are logged and re-thrown, non-OK answers thrown as ApiError.
 */
export async function send(path: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(normalizePath(path), { ...init, credentials: 'include' });
  } catch (error) {
    // A call its caller aborted is not a network failure.
    if (!init.signal?.aborted) console.error(`Network error on ${init.method ?? 'GET'} ${path}`, error);
    throw error;
  }
  if (!res.ok) throw await ApiError.from(res);
  return res;
}

/** The message to show for a failed call: the server's (ApiError), another Error's, or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.message || fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}
