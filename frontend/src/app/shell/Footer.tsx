import { Link } from 'react-router-dom';
import { Apple, Smartphone } from 'lucide-react';
import { FOOTER_COLUMNS } from '../nav';
import { Brand } from './Brand';
import { INSTAGRAM_URL, InstagramLogo, TikTokLogo, XLogo, YouTubeLogo } from './SocialIcons';

const SOCIALS = [
  { href: 'https://www.tiktok.com/@trendforge', label: 'TikTok', Icon: TikTokLogo },
  { href: INSTAGRAM_URL, label: 'Instagram', Icon: InstagramLogo },
  { href: 'https://x.com/trendforge', label: 'X (Twitter)', Icon: XLogo },
  { href: 'https://www.youtube.com/@trendforge', label: 'YouTube', Icon: YouTubeLogo },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="relative border-t border-border bg-surface/40" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)] lg:px-8">
        <div className="grid content-start gap-4">
          <Brand />
          <p className="text-lg font-semibold tracking-tight">Create Viral AI Content</p>
          <p className="max-w-xs text-sm text-muted">
            Turn a prompt or a selfie into the look everyone is sharing this week.
          </p>
          <p className="inline-flex items-center gap-2 text-sm text-muted">
            <Apple className="size-4" aria-hidden />
            <Smartphone className="size-4" aria-hidden />
            Available on iOS and Android
          </p>
          <ul className="mt-1 flex gap-2" aria-label="Social networks">
            {SOCIALS.map(({ href, label, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  className="inline-flex size-9 items-center justify-center rounded-xl border border-border text-muted transition-colors hover:border-violet-400/40 hover:text-foreground"
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid grid-cols-3 gap-6 md:contents">
          {FOOTER_COLUMNS.map((column) => (
            <div key={column.title}>
              <h2 className="text-xs font-semibold uppercase tracking-widest text-muted">{column.title}</h2>
              <ul className="mt-4 grid gap-2.5">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-sm text-muted transition-colors hover:text-foreground">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-5 text-xs text-muted sm:flex-row sm:px-6 lg:px-8">
          {/* The prerendered public pages carry the build year; the browser puts in the current one. */}
          <p data-testid="copyright" suppressHydrationWarning>© {year} TrendForge. All rights reserved.</p>
          <p>Made for creators, by creators.</p>
        </div>
      </div>
    </footer>
  );
}
