import { lazy, Suspense, use, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { AuthProvider, mayBeSignedIn } from '@/features/auth/auth-context';
import { loadedQueryClient, loadQueryClient, pagesWithoutQueries, subscribeToQueryClient } from '@/lib/query-client-loader';
import { useToast } from '@/ui/toast-store';

// The toast viewport (Radix Toast) is its own chunk, downloaded when the first toast is raised: most
// visits to a public page raise none.
const Toaster = lazy(() => import('@/ui/toast').then((m) => ({ default: m.Toaster })));

function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * App-wide providers, inside the router. TanStack Query serves the REST reads (session, trends,
 * images) but is its own chunk: a visitor on a page that reads nothing through it (the landing and
 * about pages) never downloads it; anywhere else, and for a browser that may be signed in, the
 * providers wait for it (a navigation keeps the previous page on screen meanwhile). The Apollo
 * provider for GraphQL wraps the member routes lazily (features/generation/GraphQLLayout).
 * `client` is given by the prerender step and tests.
 */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientLayer client={client}>
      <AuthProvider>
        {children}
        <DeferredToaster />
      </AuthProvider>
    </QueryClientLayer>
  );
}

/** TanStack's QueryClientProvider, with the client loaded on demand (lib/query-client-loader). */
function QueryClientLayer({ children, client: given }: { children: ReactNode; client?: QueryClient }) {
  const { pathname } = useLocation();
  const loaded = useSyncExternalStore(subscribeToQueryClient, loadedQueryClient, () => null);
  const needed = mayBeSignedIn() || !pagesWithoutQueries.includes(pathname);
  const client = given ?? (needed ? use(loadQueryClient()) : loaded);

  // As QueryClientProvider does: the client follows focus and connectivity while mounted.
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);

  return <QueryClientContext.Provider value={client ?? undefined}>{children}</QueryClientContext.Provider>;
}
