import { BrowserRouter, useRoutes } from 'react-router-dom';
import { useAppReady } from './app-ready';
import { AppProviders } from './providers';
import { routes } from './router';

/** The route tree; the prerender step renders the same one under a static router (src/prerender.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The declarative router (BrowserRouter + useRoutes) rather than the data router: the app uses no
 * loaders or actions, and the data router would add about 17 KB (gzip) to every page's JavaScript.
 */
export function App() {
  useAppReady();
  return (
    <BrowserRouter>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
