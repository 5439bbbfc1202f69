import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { createQueryClient } from './lib/queryClient';

/**
 * Build-time render of a public page as a signed-out visitor sees it on arrival (used by the
 * prerender step in vite.config.ts). The browser hydrates it (main.tsx), so the tree is the one
 * App renders, with the static router in place of the browser router.
 */
export async function renderPage(url: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} answered a redirect, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // prerender waits for the lazy route modules, so the page comes out complete.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders client={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
    // One document, not a stream: never outline a big boundary behind an inline script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
