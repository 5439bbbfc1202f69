/**
 * The studio engine's renders the landing page shows: trend previews (640 px squares of one
 * portrait) and examples (1024 px squares of one scene), rendered by generation-worker at start
 * (PREVIEW_WARMUP) and served by the gateway. Plain URLs in the markup, so the prerendered page
 * shows them before any script runs.
 */
export const PreviewSize = 640;
export const ExampleSize = 1024;

export const previewSrc = (slug: string) => `/images/previews/${slug}.jpg`;
export const exampleSrc = (slug: string) => `/static/images/real-examples/${slug}-example.jpg`;
