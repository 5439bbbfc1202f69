import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import type { User } from '@/lib/types';

export interface AuthContextValue {
  user: User | null;
  /** True until the first session check completes. */
  isLoading: boolean;
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

// The session lives in TanStack Query, which visitors' public pages do not load (lib/query-client-loader).
const AuthSession = lazy(() => import('./auth-session'));

/**
 * The signed-in member (or null). A visitor without the marker is signed out from the first render;
 * once the query client is there (always, for a browser that may be signed in), the session comes
 * from it. AuthSession mounts after hydration, so the prerendered HTML never depends on it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useContext(QueryClientContext);
  const [session, setSession] = useState<AuthContextValue>(() => ({ user: null, isLoading: mayBeSignedIn() }));
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // The same session keeps the same value: a context change re-renders every consumer, and makes
  // React render anew the parts of a prerendered page still waiting to hydrate (lib/near-viewport).
  const report = useCallback((next: AuthContextValue) => {
    setSession((previous) => (previous.user === next.user && previous.isLoading === next.isLoading ? previous : next));
  }, []);

  return (
    <AuthContext.Provider value={session}>
      {children}
      {queryClient && mounted ? (
        <Suspense fallback={null}>
          <AuthSession onChange={report} />
        </Suspense>
      ) : null}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
