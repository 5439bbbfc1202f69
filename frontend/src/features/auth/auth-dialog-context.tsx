import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { loadQueryClient } from '@/lib/query-client-loader';
import { useRememberReferral } from '@/features/referral/referral-ref';

export type AuthTab = 'register' | 'login';

export interface OpenAuthDialogOptions {
  tab?: AuthTab;
  /** Where to go after a successful sign-in / sign-up. */
  redirectTo?: string;
  /** Optional headline for the "sign-up modal" shown when a visitor tries a member action. */
  reason?: string;
}

interface AuthDialogContextValue {
  openAuthDialog: (options?: OpenAuthDialogOptions) => void;
}

const AuthDialogContext = createContext<AuthDialogContextValue | null>(null);

// The dialog (forms, validation, zod) is its own chunk: it loads when first opened, with the query
// client its sign-in and sign-up go through (AppProviders provides it before the dialog renders).
const AuthDialog = lazy(() => Promise.all([import('./AuthDialog'), loadQueryClient()]).then(([module]) => module));

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  // A referral link's ?ref= is kept from wherever it lands, for the sign-up form.
  useRememberReferral();
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const [options, setOptions] = useState<OpenAuthDialogOptions>({});

  const openAuthDialog = useCallback((next: OpenAuthDialogOptions = {}) => {
    setOptions(next);
    setEverOpened(true);
    setOpen(true);
  }, []);
  const value = useMemo(() => ({ openAuthDialog }), [openAuthDialog]);

  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      {everOpened ? (
        <Suspense fallback={null}>
          <AuthDialog
            open={open}
            onOpenChange={setOpen}
            initialTab={options.tab ?? 'register'}
            redirectTo={options.redirectTo}
            reason={options.reason}
          />
        </Suspense>
      ) : null}
    </AuthDialogContext.Provider>
  );
}

export function useAuthDialog(): AuthDialogContextValue {
  const context = useContext(AuthDialogContext);
  if (!context) throw new Error('useAuthDialog must be used within an AuthDialogProvider');
  return context;
}
