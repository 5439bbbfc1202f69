import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

// In the app only lib/query-client-loader imports this module (dynamically), so TanStack Query stays a chunk
// of its own: everyone else reads the client through useQueryClient() and the keys from query-keys.

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
