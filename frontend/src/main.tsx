import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import './index.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The public pages arrive prerendered for visitors (see vite.config.ts): React takes over that HTML,
// in a transition so the work is split into short tasks (the page is already on screen).
if (root.firstChild) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
