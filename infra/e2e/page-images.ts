/**
 * Fetches every image a page's served HTML references (before any script runs) and returns their
 * addresses and statuses. Suites call it first so the studio engine has rendered the trend images
 * a page shows (the test stacks skip PREVIEW_WARMUP): a browser holds only six connections to a
 * host, and images still rendering would hold them while the page's scripts wait.
 */
export async function fetchPageImages(baseUrl: string, path: string): Promise<{ src: string; status: number }[]> {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const sources = [...new Set([...html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]))];
  return Promise.all(
    sources.map(async (src) => {
      const response = await fetch(new URL(src, baseUrl));
      await response.arrayBuffer();
      return { src, status: response.status };
    }),
  );
}
