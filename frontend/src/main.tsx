import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { mayBeSignedIn } from './features/auth/auth-context';
import { loadQueryClient, pagesWithoutQueries } from './lib/query-client-loader';
import './index.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The public pages arrive prerendered for visitors (see vite.config.ts): React takes over that HTML,
// in a transition so the work is split into short tasks (the page is already on screen). A page that
// reads through TanStack Query gets its chunk first: hydration that suspends on it would show the
// page's spinner in place of the prerendered page for a moment.
if (root.firstChild) {
  const ready = mayBeSignedIn() || !pagesWithoutQueries.includes(location.pathname) ? loadQueryClient() : Promise.resolve();
  void ready.then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  createRoot(root).render(app);
}
