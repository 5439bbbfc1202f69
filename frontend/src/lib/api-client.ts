import createClient from 'openapi-fetch';
import type { paths } from './api-schema';
import { send } from './api';

/** The JSON a path and method answer on success, as gateway/openapi.json describes it (for the screens' own type names). */
export type ApiAnswer<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: infer R }
  ? { [C in keyof R]: C extends 200 | 201 ? (R[C] extends { content: { 'application/json': infer T } } ? T : never) : never }[keyof R]
  : never;

/** A Request that keeps the init it was made from: its body as serialized (JSON text or FormData) and its abort signal. */
class SentRequest extends Request {
  constructor(input: RequestInfo | URL, readonly init: RequestInit = {}) {
    super(input, init);
  }
}

/**
 * The SPA's typed REST client: paths, parameters and bodies checked against gateway/openapi.json.
 * Every call goes through `send` (cookies, network-error logging, non-2xx answers thrown as ApiError),
 * as the same plain fetch(path, init) as before: a GET without headers is fetch(path) with the
 * cookies only; the origin is only there because a Request needs one. A FormData body goes out as
 * it is, so the browser sets the multipart boundary.
 */
export const api = createClient<paths>({
  baseUrl: globalThis.location?.origin ?? 'http://localhost',
  Request: SentRequest,
  fetch: async (request: Request) => {
    const url = new URL(request.url);
    const { body, headers: given, signal } = request instanceof SentRequest ? request.init : {};
    const headers = Object.fromEntries(new Headers(given));
    const plainGet = request.method === 'GET' && !Object.keys(headers).length;
    return send(url.pathname + url.search, {
      ...(plainGet ? {} : { method: request.method, headers, body }),
      ...(signal ? { signal } : {}),
    });
  },
});

/** openapi-fetch's bodySerializer for a multipart body: each field appended to a FormData. */
export function formData(fields: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The data of a call: `send` has already thrown every non-2xx answer, so an answer here is a success. */
export async function data<T>(call: Promise<{ data?: T }>): Promise<T> {
  return (await call).data as T;
}
