import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '@/ui/spinner';
import { RouteReady } from './app-ready';
import { RootLayout } from './RootLayout';
import { AppRoutes } from './route-paths';

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
const AdminPage = lazy(() => import('@/pages/AdminPage'));
const PlansPage = lazy(() => import('@/features/billing/PlansPage'));
// The guard of the members' routes (and its "Authentication Required" card): visitors' pages never
// need it. It loads while the session is checked, which it waits for anyway.
const ProtectedRoute = lazy(() => import('./ProtectedRoute').then((m) => ({ default: m.ProtectedRoute })));
// Apollo (GraphQL + graphql-ws) is only downloaded for member screens.
const GraphQLLayout = lazy(() => import('@/features/generation/GraphQLLayout'));

function Page({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <RouteReady />
      {children}
    </Suspense>
  );
}

// Paths come from the route table (route-paths.ts), which the gateway also reads: add new ones there.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <Page><LandingPage /></Page> },
      { path: AppRoutes.about.path, element: <Page><AboutPage /></Page> },
      { path: AppRoutes.waitlist.path, element: <Page><WaitlistPage /></Page> },
      // The dashboard shows a guest mode when signed out instead of the guard.
      { path: AppRoutes.dashboard.path, element: <Page><DashboardPage /></Page> },
      { path: AppRoutes.subscription.path, element: <ProtectedRoute><Page><PlansPage /></Page></ProtectedRoute> },
      { path: AppRoutes.generate.path, element: <Navigate to="/forge" replace /> },
      // Admins only: anyone else sees the not-found page (pages/AdminPage.tsx).
      { path: AppRoutes.admin.path, element: <Page><AdminPage /></Page> },
      {
        element: (
          <ProtectedRoute>
            <Page>
              <GraphQLLayout />
            </Page>
          </ProtectedRoute>
        ),
        children: [
          { path: AppRoutes.settings.path, element: <Page><SettingsPage /></Page> },
          { path: AppRoutes.forge.path, element: <Page><ForgePage /></Page> },
          { path: AppRoutes.forgeHistory.path, element: <Page><ForgeHistoryPage /></Page> },
          { path: AppRoutes.forgeMojo.path, element: <Page><ForgeMojoPage /></Page> },
          { path: AppRoutes.forgeDetail.path, element: <Page><ForgeDetailPage /></Page> },
          { path: AppRoutes.forgeTrend.path, element: <Page><ForgeTrendPage /></Page> },
          { path: AppRoutes.board.path, element: <Page><BoardPage /></Page> },
          { path: AppRoutes.loop.path, element: <Page><LoopPage /></Page> },
          { path: AppRoutes.muse.path, element: <Page><MusePage /></Page> },
          { path: AppRoutes.print.path, element: <Page><PrintPage /></Page> },
          { path: AppRoutes.profile.path, element: <Page><ProfilePage /></Page> },
        ],
      },
      { path: '*', element: <Page><NotFoundPage /></Page> },
    ],
  },
];
