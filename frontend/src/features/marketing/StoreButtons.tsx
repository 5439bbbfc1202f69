import { Apple, Play } from 'lucide-react';
import { cn } from '@/lib/cn';

export const APP_STORE_URL = 'https://apps.apple.com/app/trendforge';
export const PLAY_STORE_URL = 'https://play.google.com/store/apps/details?id=app.trendforge';

function StoreButton({ href, icon: Icon, top, bottom }: { href: string; icon: typeof Apple; top: string; bottom: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="group inline-flex h-14 items-center gap-2.5 rounded-2xl border border-border-strong bg-white/[0.04] px-3.5 transition-colors hover:border-white/30 hover:bg-white/[0.08] sm:gap-3 sm:px-5"
    >
      <Icon className="size-6 shrink-0" aria-hidden />
      <span className="flex flex-col text-left leading-tight">
        <span className="text-[10px] uppercase tracking-wider text-muted">{top}</span>
        <span className="text-[15px] font-semibold">{bottom}</span>
      </span>
    </a>
  );
}

export function StoreButtons({ className }: { className?: string }) {
  return (
    <div className={cn('grid grid-cols-2 gap-3 sm:flex sm:flex-wrap', className)}>
      <StoreButton href={APP_STORE_URL} icon={Apple} top="Download on the" bottom="App Store" />
      <StoreButton href={PLAY_STORE_URL} icon={Play} top="Get it on" bottom="Google Play" />
    </div>
  );
}
