import { Apple, Play } from 'lucide-react';
import { clsx } from 'clsx';

export const APP_STORE_URL = 'https://apps.apple.com/app/trendforge';
export const PLAY_STORE_URL = 'https://play.google.com/store/apps/details?id=app.trendforge';

type StoreButtonVariant = 'dark' | 'light';

const looks: Record<StoreButtonVariant, { button: string; top: string }> = {
  dark: { button: 'border-border-strong bg-white/[0.04] text-foreground hover:border-white/30 hover:bg-white/[0.08]', top: 'text-muted' },
  light: { button: 'border-white bg-white text-[#0c0a12] hover:bg-white/90', top: 'text-[#4a4458]' },
};

function StoreButton({ href, icon: Icon, top, bottom, variant, testId }: {
  href: string; icon: typeof Apple; top: string; bottom: string; variant: StoreButtonVariant; testId: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={testId}
      className={clsx(
        'group inline-flex h-14 items-center justify-center gap-2 rounded-2xl border px-3 transition-colors sm:justify-start sm:gap-3 sm:px-5',
        looks[variant].button,
      )}
    >
      <Icon className="size-6 shrink-0" aria-hidden />
      <span className="flex flex-col text-left leading-tight">
        <span className={clsx('whitespace-nowrap text-[10px] uppercase tracking-wide sm:tracking-wider', looks[variant].top)}>{top}</span>
        <span className="whitespace-nowrap text-[15px] font-semibold">{bottom}</span>
      </span>
    </a>
  );
}

/** The App Store and Google Play buttons; each opens the store page in a new tab. `stacked`: one column on phones. */
export function StoreButtons({ className, variant = 'dark', stacked = false }: { className?: string; variant?: StoreButtonVariant; stacked?: boolean }) {
  return (
    <div className={clsx('grid gap-3 sm:flex sm:flex-wrap', stacked ? 'grid-cols-1' : 'grid-cols-2', className)}>
      <StoreButton href={APP_STORE_URL} icon={Apple} top="Download on the" bottom="App Store" variant={variant} testId="store-app-store" />
      <StoreButton href={PLAY_STORE_URL} icon={Play} top="Get it on" bottom="Google Play" variant={variant} testId="store-google-play" />
    </div>
  );
}
