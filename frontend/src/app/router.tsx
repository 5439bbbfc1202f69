import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '@/ui/spinner';
import { ProtectedRoute } from './ProtectedRoute';
import { RootLayout } from './RootLayout';

// Every route is its own chunk.
const LandingPage = lazy(() => import('@/pages/LandingPage'));
const AboutPage = lazy(() => import('@/pages/AboutPage'));
const WaitlistPage = lazy(() => import('@/pages/WaitlistPage'));
const DashboardPage = lazy(() => import('@/pages/DashboardPage'));
const SettingsPage = lazy(() => import('@/pages/SettingsPage'));
const ForgePage = lazy(() => import('@/pages/ForgePage'));
const ForgeHistoryPage = lazy(() => import('@/pages/ForgeHistoryPage'));
const ForgeDetailPage = lazy(() => import('@/pages/ForgeDetailPage'));
const ForgeMojoPage = lazy(() => import('@/pages/ForgeMojoPage'));
const ForgeTrendPage = lazy(() => import('@/pages/ForgeTrendPage'));
const BoardPage = lazy(() => import('@/pages/BoardPage'));
const LoopPage = lazy(() => import('@/pages/LoopPage'));
const MusePage = lazy(() => import('@/pages/MusePage'));
const PrintPage = lazy(() => import('@/pages/PrintPage'));
const ProfilePage = lazy(() => import('@/pages/ProfilePage'));
const NotFoundPage = lazy(() => import('@/pages/NotFoundPage'));
// Apollo (GraphQL + graphql-ws) is only downloaded for member screens.
const GraphQLLayout = lazy(() => import('@/features/generation/GraphQLLayout'));

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <Page><LandingPage /></Page> },
      { path: 'about-trendforge', element: <Page><AboutPage /></Page> },
      { path: 'waitlist', element: <Page><WaitlistPage /></Page> },
      // The dashboard shows a guest mode when signed out instead of the guard.
      { path: 'dashboard', element: <Page><DashboardPage /></Page> },
      { path: 'settings/subscription', element: <Navigate to="/settings" replace /> },
      { path: 'generate/:trendId', element: <Navigate to="/forge" replace /> },
      {
        element: (
          <ProtectedRoute>
            <Page>
              <GraphQLLayout />
            </Page>
          </ProtectedRoute>
        ),
        children: [
          { path: 'settings', element: <Page><SettingsPage /></Page> },
          { path: 'forge', element: <Page><ForgePage /></Page> },
          { path: 'forge/history', element: <Page><ForgeHistoryPage /></Page> },
          { path: 'forge/mojo', element: <Page><ForgeMojoPage /></Page> },
          { path: 'forge/detail/:id', element: <Page><ForgeDetailPage /></Page> },
          { path: 'forge/:id', element: <Page><ForgeTrendPage /></Page> },
          { path: 'board', element: <Page><BoardPage /></Page> },
          { path: 'loop', element: <Page><LoopPage /></Page> },
          { path: 'muse', element: <Page><MusePage /></Page> },
          { path: 'print', element: <Page><PrintPage /></Page> },
          { path: 'profile', element: <Page><ProfilePage /></Page> },
        ],
      },
      { path: '*', element: <Page><NotFoundPage /></Page> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
