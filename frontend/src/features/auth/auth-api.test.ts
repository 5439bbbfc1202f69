import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCurrentUser } from './auth-api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const answer = (status: number, body?: unknown) =>
  vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));

describe('fetchCurrentUser', () => {
  it('answers the signed-in member', async () => {
    answer(200, { id: 'u1', username: 'jane' });
    await expect(fetchCurrentUser()).resolves.toEqual({ id: 'u1', username: 'jane' });
  });

  it('answers null for a visitor (401) without logging an error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer(401, { message: 'Unauthorized' });
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(logged).not.toHaveBeenCalled();
  });

  it('answers null and says why when the server fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer(503, { message: 'briefly unavailable' });
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(logged).toHaveBeenCalledWith('Failed to fetch user: 503');
  });
});
