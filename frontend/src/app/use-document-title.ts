import { useEffect } from 'react';
import { matchRoutes, useLocation } from 'react-router-dom';
import { AppRoutes, documentTitle, NotFoundTitle, type AppRoute } from './route-paths';

const table: AppRoute[] = Object.values(AppRoutes);

/** The tab title for a location: its route's page name, matched as the router matches it. */
export function titleFor(pathname: string): string {
  const match = matchRoutes(table, pathname)?.at(-1);
  return documentTitle(match ? (match.route as AppRoute).title : NotFoundTitle);
}

/** Keeps document.title in step with the location (RootLayout). */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = titleFor(pathname);
  }, [pathname]);
}
