import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app/App';
import { AppProviders } from './app/providers';

/**
 * Build-time render of a public page as a signed-out visitor sees it on arrival (used by the
 * prerender step in vite.config.ts). The browser hydrates it (main.tsx), so the tree is the one
 * App renders, with the static router in place of the browser router.
 */
export async function renderPage(url: string): Promise<string> {
  const { pathname } = new URL(url);
  // Imported as the app imports it (lib/query-client-loader), so it is one chunk in this build too.
  const { createQueryClient } = await import('./lib/queryClient');
  // prerender waits for the lazy route modules, so the page comes out complete.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={pathname}>
        <AppProviders client={createQueryClient()}>
          <AppRoutes />
        </AppProviders>
      </StaticRouter>
    </StrictMode>,
    // One document, not a stream: never outline a big boundary behind an inline script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
