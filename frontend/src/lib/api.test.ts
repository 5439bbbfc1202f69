import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessage, getQueryFn, isApiError, normalizePath } from './api';
import { api, data } from './api-client';

function mockFetch(response: Response) {
  const fn = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('normalizePath', () => {
  it('strips extra leading slashes', () => {
    expect(normalizePath('///api/trends')).toBe('/api/trends');
    expect(normalizePath('api/trends')).toBe('/api/trends');
    expect(normalizePath('/api/trends')).toBe('/api/trends');
  });
});

describe('apiRequest', () => {
  it('sends cookies, and JSON content type only when there is a body', async () => {
    const fetchFn = mockFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '//api/auth/login', { email: 'a@b.co', password: 'secret1' });
    await apiRequest('POST', '/api/auth/logout');

    const [url, init] = fetchFn.mock.calls[0];
    expect(url).toBe('/api/auth/login');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'secret1' }),
    });
    const [, logoutInit] = fetchFn.mock.calls[1];
    expect(logoutInit?.headers).toEqual({});
    expect(logoutInit?.body).toBeUndefined();
  });

  it('keeps the old "status: responseText" message, with the ApiError as its cause', async () => {
    mockFetch(new Response('{"message":"Invalid credentials"}', { status: 401, statusText: 'Unauthorized' }));
    const error = await apiRequest('POST', '/api/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('401: {"message":"Invalid credentials"}');
    expect(errorMessage(error, 'x')).toBe('Invalid credentials');
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/trends')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('api (typed client)', () => {
  it('sends the same plain fetch(path, init) with cookies, the path parameters encoded and JSON only with a body', async () => {
    const fetchFn = mockFetch(new Response('{"id":"u1"}', { status: 200, headers: { 'content-type': 'application/json' } }));
    await expect(data(api.POST('/api/auth/login', { body: { email: 'a@b.co', password: 'secret1' } }))).resolves.toEqual({ id: 'u1' });
    const [url, init] = fetchFn.mock.calls[0];
    expect(url).toBe('/api/auth/login');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'a@b.co', password: 'secret1' });

    fetchFn.mockResolvedValue(new Response(null, { status: 204 }));
    await api.DELETE('/api/images/{id}/share-link', { params: { path: { id: 'a b/c' } } });
    const [deleteUrl, deleteInit] = fetchFn.mock.calls[1];
    expect(deleteUrl).toBe('/api/images/a%20b%2Fc/share-link');
    expect(deleteInit).toMatchObject({ method: 'DELETE', credentials: 'include', headers: {} });
    expect(deleteInit?.body).toBeUndefined();

    await api.GET('/api/admin/members', { params: { query: { q: 'JANE@' } } });
    expect(fetchFn.mock.calls[2][0]).toBe('/api/admin/members?q=JANE%40');
  });

  it('throws a non-OK answer as an ApiError with its status, message, code and Retry-After', async () => {
    mockFetch(
      new Response('{"message":"Slow down","code":"RATE_LIMITED"}', { status: 429, headers: { 'Retry-After': '7', 'content-type': 'application/json' } }),
    );
    const error = await api.POST('/api/auth/logout').catch((e: unknown) => e);
    expect(isApiError(error, 429)).toBe(true);
    expect(error).toMatchObject({ status: 429, message: 'Slow down', code: 'RATE_LIMITED', retryAfter: 7 });
  });

  it('logs and re-throws a network failure', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(api.GET('/api/admin/elections')).rejects.toThrow('offline');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});

describe('getQueryFn', () => {
  it('returns null on 401 when asked to', async () => {
    mockFetch(new Response('', { status: 401, statusText: 'Unauthorized' }));
    const fn = getQueryFn<unknown>({ on401: 'returnNull' });
    // @ts-expect-error minimal context for the test
    await expect(fn({ queryKey: ['/api/auth/me'] })).resolves.toBeNull();
  });

  it('throws on 401 otherwise', async () => {
    mockFetch(new Response('Unauthorized', { status: 401, statusText: 'Unauthorized' }));
    const fn = getQueryFn<unknown>({ on401: 'throw' });
    // @ts-expect-error minimal context for the test
    const error = await fn({ queryKey: ['/api/images'] }).catch((e: unknown) => e);
    expect(isApiError(error, 401)).toBe(true);
    expect(errorMessage(error, 'x')).toBe('Unauthorized');
  });
});

describe('errorMessage', () => {
  const answer = (status: number, body: string) => ApiError.from(new Response(body, { status, statusText: status === 502 ? 'Bad Gateway' : '' }));

  it('reads the server message out of the ApiError', async () => {
    expect(errorMessage(await answer(409, '{"message":"Email already registered"}'), 'Registration failed')).toBe('Email already registered');
    expect(errorMessage(await answer(400, '{"message":["username too short","email invalid"]}'), 'x')).toBe(
      'username too short, email invalid',
    );
    expect(errorMessage(await answer(429, 'Too many attempts'), 'x')).toBe('Too many attempts');
    expect(errorMessage(await answer(401, '{}'), 'Invalid credentials')).toBe('Invalid credentials');
    expect(errorMessage(await answer(502, '<html>Bad gateway</html>'), 'Registration failed')).toBe('Registration failed');
    expect(errorMessage(new Error('Logout failed'), 'x')).toBe('Logout failed');
    expect(errorMessage('nope', 'Invalid credentials')).toBe('Invalid credentials');
  });
});
