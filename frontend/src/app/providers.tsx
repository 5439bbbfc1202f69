import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from '@/features/auth/auth-context';
import { queryClient as defaultClient } from '@/lib/queryClient';

// The toast viewport is mounted right away but downloaded as its own chunk, off the critical path.
const Toaster = lazy(() => import('@/ui/toast').then((m) => ({ default: m.Toaster })));

/**
 * App-wide providers. TanStack Query serves the REST reads (session, trends, images); the Apollo
 * provider for GraphQL (generate + generationUpdated) wraps the member routes lazily — see
 * features/generation/GraphQLLayout — so the landing page does not ship the GraphQL stack.
 */
export function AppProviders({ children, client = defaultClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </AuthProvider>
    </QueryClientProvider>
  );
}
