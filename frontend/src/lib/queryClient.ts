import { QueryClient } from '@tanstack/react-query';

// In the app only lib/query-client-loader imports this module (dynamically), so TanStack Query stays a chunk
// of its own: everyone else reads the client through useQueryClient() and the keys from query-keys.
// Every query names its own queryFn, a call of the typed client (api-client.ts): there is no untyped default.

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
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
