import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { AppRoutes, routeTable } from './route-paths';
import { routes } from './router';
import { titleFor } from './use-document-title';

/** Every path the router declares, absolute (the index route is '/'). */
function routerPaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.index ? ['/'] : route.path && route.path !== '*' ? [route.path] : []),
    ...routerPaths(route.children ?? []),
  ]);
}

describe('route table', () => {
  it('lists exactly the paths the router answers, so the gateway 404s nothing the SPA shows', () => {
    expect(routerPaths(routes).sort()).toEqual(Object.values(AppRoutes).map((r) => r.path).sort());
    expect(routerPaths(routes).every((path) => path.startsWith('/'))).toBe(true);
  });

  it('gives each page its own tab title, matched as the router matches', () => {
    expect(titleFor('/')).toBe('TrendForge — Create Viral AI Content');
    expect(titleFor('/board')).toBe('Board · TrendForge');
    expect(titleFor('/forge/history')).toBe('History · TrendForge');
    expect(titleFor('/forge/ghibli')).toBe('Create · TrendForge');
    expect(titleFor('/forge/detail/0b5c4a3e-1111-4222-8333-444455556666')).toBe('Creation · TrendForge');
    expect(titleFor('/about-trendforge/')).toBe('About · TrendForge');
    expect(titleFor('/no-such-page')).toBe('Page Not Found · TrendForge');
    expect(titleFor('/blog')).toBe('Page Not Found · TrendForge');
    // The admin page is the not-found page for anyone but an admin, tab title included.
    expect(titleFor('/admin')).toBe('Page Not Found · TrendForge');
    expect(titleFor('/admin', true)).toBe('Admin · TrendForge');
  });

  it('is what the build writes for the gateway', () => {
    const table = routeTable();
    expect(table.notFoundTitle).toBe('Page Not Found · TrendForge');
    expect(table.routes).toContainEqual({ path: '/forge/detail/:id', title: 'Creation · TrendForge' });
    expect(table.routes.filter((r) => r.adminOnly)).toEqual([{ path: '/admin', title: 'Admin · TrendForge', adminOnly: true }]);
    expect(new Set(table.routes.map((r) => r.title)).size).toBeGreaterThan(10);
  });
});
