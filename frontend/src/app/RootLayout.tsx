import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { lazyNearViewport } from '@/lib/near-viewport';
import { ScrollRestoration } from '@/lib/scroll-restoration';
import { AuthDialogProvider } from '@/features/auth/auth-dialog-context';
import { OnboardingHost } from '@/lib/member-ui';
import { PageSpinner } from '@/ui/spinner';
import { BottomBar } from './shell/BottomBar';
import { Header } from './shell/Header';
import { applyDarkTheme } from './theme';
import { useDocumentTitle } from './use-document-title';

// The footer sits below the fold of every page but the shortest: its code loads when it comes near.
const Footer = lazyNearViewport(() => import('./shell/Footer').then((m) => ({ default: m.Footer })), 'footer');

export function RootLayout() {
  const { pathname } = useLocation();
  useDocumentTitle();
  useEffect(applyDarkTheme, []);

  return (
    <AuthDialogProvider>
      <div className="relative flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-lg focus:bg-surface-3 focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <Header />
        <main id="main" className="relative flex-1" data-pathname={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer placeholderClassName="min-h-96" />
        <BottomBar />
      </div>
      <OnboardingHost />
      <ScrollRestoration />
    </AuthDialogProvider>
  );
}
