import { useEffect } from 'react';

/**
 * `html[data-app-ready]` marks the moment React listens (the e2e tests wait for it): a click
 * before it is lost, and a form submitted before it is sent by the browser itself.
 *
 * A prerendered page is hydrated route by route: its content sits in a lazy route's Suspense
 * boundary (router.tsx), which React hydrates only once that chunk has arrived, after the shell.
 * There the page's own boundary sets the mark; a page rendered in the browser sets it at once.
 */
const hydratingPrerenderedPage = typeof document !== 'undefined' && Boolean(document.getElementById('root')?.hasChildNodes());

const markReady = () => {
  document.documentElement.dataset.appReady = 'true';
};

/** In the app's root: marks a page rendered in the browser. */
export function useAppReady() {
  useEffect(() => {
    if (!hydratingPrerenderedPage) markReady();
  }, []);
}

/** In each route's Suspense boundary: marks the page once its own content is live. */
export function RouteReady() {
  useEffect(markReady, []);
  return null;
}
