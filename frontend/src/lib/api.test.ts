import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorMessage, isApiError, normalizePath } from './api';
import { api, data, formData } from './api-client';

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

describe('api (typed client) failures', () => {
  it('falls back to the status text when the body is empty', async () => {
    mockFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const error = await api.GET('/api/trends').catch((e: unknown) => e);
    expect(isApiError(error, 503)).toBe(true);
    expect(errorMessage(error, 'x')).toBe('Service Unavailable');
  });

  it('throws a 401 as an ApiError with the plain-text body as its message', async () => {
    mockFetch(new Response('Unauthorized', { status: 401, statusText: 'Unauthorized' }));
    const error = await api.GET('/api/images').catch((e: unknown) => e);
    expect(isApiError(error, 401)).toBe(true);
    expect(errorMessage(error, 'x')).toBe('Unauthorized');
  });

  it('sends a GET as fetch(path) with the cookies only, and a multipart body as the FormData itself', async () => {
    const fetchFn = vi.fn<typeof fetch>(async () => new Response('{"url":"/api/avatars/u/a.webp"}', { status: 200 }));
    vi.stubGlobal('fetch', fetchFn);
    await data(api.GET('/api/auth/me'));
    expect(fetchFn).toHaveBeenLastCalledWith('/api/auth/me', { credentials: 'include' });

    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await expect(data(api.POST('/api/upload', { body: { file }, bodySerializer: formData }))).resolves.toEqual({ url: '/api/avatars/u/a.webp' });
    const [url, init] = fetchFn.mock.calls[1];
    expect(url).toBe('/api/upload');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', headers: {} });
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('file')).toBeInstanceOf(File);
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
