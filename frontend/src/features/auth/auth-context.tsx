import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { queryKeys } from '@/lib/queryClient';
import { clearApolloStore } from '@/lib/apollo-registry';
import type { User } from '@/lib/types';
import { toast } from '@/ui/toast-store';
import * as authApi from './auth-api';

export interface AuthContextValue {
  user: User | null;
  /** True until the first session check completes. */
  isLoading: boolean;
  loginMutation: UseMutationResult<User, Error, authApi.LoginData>;
  registerMutation: UseMutationResult<User, Error, authApi.RegisterData>;
  logoutMutation: UseMutationResult<void, Error, void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The gateway sets the readable `tf_member` marker next to the httpOnly session cookie (at sign-in,
 * and when the page is served with a session). Without it the visitor is certainly signed out, so
 * GET /api/auth/me is skipped — no 401 in every visitor's console; with it, the session is checked.
 */
export function mayBeSignedIn(): boolean {
  return typeof document !== 'undefined' && /(?:^|;\s*)tf_member=/.test(document.cookie);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data: user, isLoading } = useQuery<User | null>({
    queryKey: queryKeys.me,
    queryFn: authApi.fetchCurrentUser,
    retry: false,
    staleTime: Infinity,
    // Signed out for sure: start from "no user" (never stale, so /me is not fetched).
    initialData: mayBeSignedIn() ? undefined : null,
  });

  const loginMutation = useMutation({
    mutationFn: authApi.login,
    onSuccess: (next) => queryClient.setQueryData(queryKeys.me, next),
  });

  const registerMutation = useMutation({
    mutationFn: authApi.register,
    onSuccess: (next) => queryClient.setQueryData(queryKeys.me, next),
  });

  const logoutMutation = useMutation({
    mutationFn: authApi.logout,
    onSuccess: async () => {
      queryClient.setQueryData(queryKeys.me, null);
      // Invalidate every cached read except the (now signed-out) session itself.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
      await clearApolloStore();
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: error.message, variant: 'destructive' });
    },
  });

  const value = useMemo<AuthContextValue>(
    () => ({ user: user ?? null, isLoading, loginMutation, registerMutation, logoutMutation }),
    [user, isLoading, loginMutation, registerMutation, logoutMutation],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
