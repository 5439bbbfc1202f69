import { useLayoutEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { User } from '@/lib/types';
import { fetchCurrentUser } from './auth-api';
import { mayBeSignedIn, type AuthContextValue } from './auth-context';

/**
 * The session as TanStack Query holds it (GET /api/auth/me, and whatever sign-in, sign-out and the
 * member screens write there), reported to AuthProvider. Its own chunk, loaded with the query client.
 */
export default function AuthSession({ onChange }: { onChange: (session: AuthContextValue) => void }) {
  const { data: user, isLoading } = useQuery<User | null>({
    queryKey: queryKeys.me,
    queryFn: fetchCurrentUser,
    retry: false,
    staleTime: Infinity,
    // Signed out for sure: start from "no user" (never stale, so /me is not fetched).
    initialData: mayBeSignedIn() ? undefined : null,
  });
  // Before paint, so the shell never shows a stale session for a frame.
  useLayoutEffect(() => onChange({ user: user ?? null, isLoading }), [user, isLoading, onChange]);
  return null;
}
