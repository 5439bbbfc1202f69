import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, errorMessage, getQueryFn, normalizePath } from './api';

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

  it('turns a non-OK response into "status: responseText"', async () => {
    mockFetch(new Response('{"message":"Invalid credentials"}', { status: 401, statusText: 'Unauthorized' }));
    await expect(apiRequest('POST', '/api/auth/login', {})).rejects.toThrow('401: {"message":"Invalid credentials"}');
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/trends')).rejects.toThrow('503: Service Unavailable');
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
    await expect(fn({ queryKey: ['/api/images'] })).rejects.toThrow('401: Unauthorized');
  });
});

describe('errorMessage', () => {
  it('reads the server message out of the helper error', () => {
    expect(errorMessage(new Error('409: {"message":"Email already registered"}'), 'Registration failed')).toBe(
      'Email already registered',
    );
    expect(errorMessage(new Error('400: {"message":["username too short","email invalid"]}'), 'x')).toBe(
      'username too short, email invalid',
    );
    expect(errorMessage(new Error('429: Too many attempts'), 'x')).toBe('Too many attempts');
    expect(errorMessage(new Error('401: {}'), 'Invalid credentials')).toBe('Invalid credentials');
    expect(errorMessage(new Error('502: <html>Bad gateway</html>'), 'Registration failed')).toBe(
      'Registration failed',
    );
    expect(errorMessage('nope', 'Invalid credentials')).toBe('Invalid credentials');
  });
});
