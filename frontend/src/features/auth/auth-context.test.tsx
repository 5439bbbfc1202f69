import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { AuthProvider, mayBeSignedIn, useAuth } from './auth-context';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createQueryClient()}>
    <AuthProvider>{children}</AuthProvider>
  </QueryClientProvider>
);
const member = { id: 'u1', username: 'ada', email: 'ada@example.com' };

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'tf_member=1; path=/'; // as the test setup leaves it
});

describe('the session check at start-up', () => {
  it('asks GET /api/auth/me when the gateway marked this browser as maybe signed in', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(member), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(mayBeSignedIn()).toBe(true);
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.user).toEqual(member));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/me', { credentials: 'include' });
  });

  it('treats a browser without the marker as signed out at once, without a request', () => {
    document.cookie = 'tf_member=; path=/; max-age=0';
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(mayBeSignedIn()).toBe(false);
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current).toEqual(expect.objectContaining({ user: null, isLoading: false }));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
