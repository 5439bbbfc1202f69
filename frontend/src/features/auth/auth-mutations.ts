import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearApolloStore } from '@/lib/apollo-registry';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/ui/toast-store';
import * as authApi from './auth-api';

// Signing in, up and out go through TanStack Query, which only the auth dialog and the member
// screens load: the session they write (queryKeys.me) is what AuthProvider shows.

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.login,
    onSuccess: (next) => queryClient.setQueryData(queryKeys.me, next),
  });
}

export function useRegisterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.register,
    onSuccess: (next) => queryClient.setQueryData(queryKeys.me, next),
  });
}

export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
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
}
