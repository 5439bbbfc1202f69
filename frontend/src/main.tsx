import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { mayBeSignedIn } from './features/auth/auth-context';
import { loadQueryClient, pagesWithoutQueries } from './lib/query-client-loader';
import './index.css';

/** Runs `then` after the next paint: a timer set in a frame callback fires once that frame is drawn. */
const afterPaint = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The public pages arrive prerendered for visitors (see vite.config.ts): React takes over that HTML
// once it is on screen (a script that arrives first must not hold the first paint up), in a
// transition so the work is split into short tasks. A page that reads through TanStack Query gets
// its chunk first: hydration that suspends on it would show the page's spinner in place of the
// prerendered page for a moment.
if (root.firstChild) {
  const ready = mayBeSignedIn() || !pagesWithoutQueries.includes(location.pathname) ? loadQueryClient() : Promise.resolve();
  afterPaint(() => void ready.then(() => startTransition(() => void hydrateRoot(root, app))));
} else {
  createRoot(root).render(app);
}
// The web fonts never hold up the first paint: their metric-matched fallbacks (index.css) show
// until they arrive, and the swap moves nothing.
afterPaint(() => void import('./fonts.css'));
