import escapeHtml from 'escape-html';
import { ShareUrls } from '@trendforge/contracts';
import { ShareCardSize } from '@trendforge/imaging/share-card';

export interface SharePageContent {
  /** Where the page is served from, e.g. `https://trendforge.app`: link previews need absolute URLs. */
  origin: string;
  token: string;
  trendName: string;
  caption: string;
}

const styles = `
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; background: #0b0b12; color: #f4f4f8;
    font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 640px; padding: 24px; text-align: center; }
  img { width: 100%; height: auto; border-radius: 16px; box-shadow: 0 12px 40px rgba(0, 0, 0, .5); }
  h1 { font-size: 1.5rem; margin: 20px 0 8px; }
  p { color: #c8c8d4; margin: 0 0 24px; }
  a { display: inline-block; padding: 12px 24px; border-radius: 999px; background: #7c3aed; color: #fff; text-decoration: none; font-weight: 600; }`;

/**
 * The public page of a shared creation, rendered on the server: link crawlers read its Open Graph
 * and Twitter tags without running scripts. Every value is escaped (captions are the member's words).
 */
export function sharePage({ origin, token, trendName, caption }: SharePageContent): string {
  const e = escapeHtml;
  const title = `${trendName} style on TrendForge`;
  const pageUrl = origin + ShareUrls.page(token);
  const previewUrl = origin + ShareUrls.preview(token);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<meta name="description" content="${e(caption)}">
<meta name="robots" content="noindex">
<meta property="og:type" content="website">
<meta property="og:site_name" content="TrendForge">
<meta property="og:title" content="${e(title)}">
<meta property="og:description" content="${e(caption)}">
<meta property="og:url" content="${e(pageUrl)}">
<meta property="og:image" content="${e(previewUrl)}">
<meta property="og:image:type" content="image/jpeg">
<meta property="og:image:width" content="${ShareCardSize.width}">
<meta property="og:image:height" content="${ShareCardSize.height}">
<meta property="og:image:alt" content="${e(caption)}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${e(title)}">
<meta name="twitter:description" content="${e(caption)}">
<meta name="twitter:image" content="${e(previewUrl)}">
<style>${styles}</style>
</head>
<body>
<main>
<img src="${e(ShareUrls.image(token))}" alt="${e(caption)}">
<h1>${e(trendName)}</h1>
<p>${e(caption)}</p>
<a href="/">Create your own</a>
</main>
</body>
</html>
`;
}

/** An unknown or revoked link: a page too, since people (not only crawlers) follow these links. */
export function missingSharePage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Link not found · TrendForge</title>
<meta name="robots" content="noindex">
<style>${styles}</style>
</head>
<body>
<main>
<h1>Link not found</h1>
<p>This shared creation is no longer available.</p>
<a href="/">Create your own</a>
</main>
</body>
</html>
`;
}
