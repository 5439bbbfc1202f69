/**
 * The SPA's route table as plain data (no React): the router (router.tsx) takes its paths from
 * here, the document title follows it (use-document-title.ts), and the build writes it to
 * dist/routes.json so the gateway answers 404 for paths no route matches and puts each page's
 * title into the HTML it serves (gateway/src/spa.ts). Paths use react-router's syntax (`:param`).
 */
export interface AppRoute {
  path: string;
  /** The page's name in the tab title ("Board · TrendForge"); null for the landing page's own title. */
  title: string | null;
  /** Only admins may open it: for anyone else the gateway answers 404 with the not-found page. */
  adminOnly?: boolean;
}

export const AppRoutes = {
  landing: { path: '/', title: null },
  about: { path: '/about-trendforge', title: 'About' },
  waitlist: { path: '/waitlist', title: 'Waitlist' },
  dashboard: { path: '/dashboard', title: 'Dashboard' },
  subscription: { path: '/settings/subscription', title: 'Plans' },
  generate: { path: '/generate/:trendId', title: 'Forge' },
  settings: { path: '/settings', title: 'Settings' },
  forge: { path: '/forge', title: 'Forge' },
  forgeHistory: { path: '/forge/history', title: 'History' },
  forgeMojo: { path: '/forge/mojo', title: 'Mojo' },
  forgeDetail: { path: '/forge/detail/:id', title: 'Creation' },
  forgeTrend: { path: '/forge/:id', title: 'Create' },
  board: { path: '/board', title: 'Board' },
  loop: { path: '/loop', title: 'Loop' },
  muse: { path: '/muse', title: 'Muse' },
  print: { path: '/print', title: 'Print' },
  profile: { path: '/profile', title: 'Profile' },
  admin: { path: '/admin', title: 'Admin', adminOnly: true },
} as const satisfies Record<string, AppRoute>;

export const SiteName = 'TrendForge';
/** The landing page's title, also index.html's. */
export const HomeTitle = 'TrendForge — Create Viral AI Content';
/** The not-found page's title (any path no route matches). */
export const NotFoundTitle = 'Page Not Found';

/** The tab title for a route's page name (null: the landing page). */
export function documentTitle(title: string | null): string {
  return title ? `${title} · ${SiteName}` : HomeTitle;
}

/** What the build writes to dist/routes.json for the gateway. */
export interface RouteTable {
  routes: { path: string; title: string; adminOnly?: boolean }[];
  notFoundTitle: string;
}

export function routeTable(): RouteTable {
  return {
    routes: Object.values(AppRoutes).map((route: AppRoute) => ({
      path: route.path, title: documentTitle(route.title), ...(route.adminOnly ? { adminOnly: true } : {}),
    })),
    notFoundTitle: documentTitle(NotFoundTitle),
  };
}
