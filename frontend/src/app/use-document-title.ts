import { useEffect } from 'react';
import { matchRoutes, useLocation } from 'react-router-dom';
import { useAuth } from '@/features/auth/auth-context';
import { AppRoutes, documentTitle, NotFoundTitle, type AppRoute } from './route-paths';

const table: AppRoute[] = Object.values(AppRoutes);

/**
 * The tab title for a location: its route's page name, matched as the router matches it. An
 * admin-only page is the not-found page for everyone but admins (pages/AdminPage.tsx), so is its title.
 */
export function titleFor(pathname: string, isAdmin = false): string {
  const route = matchRoutes(table, pathname)?.at(-1)?.route as AppRoute | undefined;
  return documentTitle(route && (!route.adminOnly || isAdmin) ? route.title : NotFoundTitle);
}

/** Keeps document.title in step with the location and who is signed in (RootLayout). */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const isAdmin = useAuth().user?.role === 'admin';
  useEffect(() => {
    document.title = titleFor(pathname, isAdmin);
  }, [pathname, isAdmin]);
}
