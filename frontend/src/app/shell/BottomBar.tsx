import { Link, useLocation } from 'react-router-dom';
import { clsx } from 'clsx';
import { useAuth } from '@/features/auth/auth-context';
import { UsageMeter } from '@/lib/member-ui';
import { BOTTOM_BAR, isBottomItemActive } from '../nav';

/** Small screens only (under 768 px). */
export function BottomBar() {
  const { pathname } = useLocation();
  const { user } = useAuth();

  return (
    <>
      {/* Keeps the end of the page clear of the fixed bar (and the credits meter on it). */}
      <div aria-hidden className={clsx('md:hidden', user ? 'h-28' : 'h-16')} />
      {/* The meter is a row of the bar itself, on its background: floating above it, it covered buttons, prices and fields. */}
      <div className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background/90 backdrop-blur-xl md:hidden" data-testid="bottom-chrome">
      {user ? (
        <div className="flex justify-center pt-2 pb-1" data-testid="bottom-meter">
          <UsageMeter user={user} variant="compact" className="shadow-none" />
        </div>
      ) : null}
      <nav
        aria-label="Bottom"
        data-testid="bottom-bar"
        className="pb-[env(safe-area-inset-bottom)]"
      >
        <ul className="mx-auto grid h-16 max-w-md grid-cols-4">
          {BOTTOM_BAR.map((item) => {
            const active = isBottomItemActive(item, pathname);
            const Icon = item.icon;
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={active ? 'page' : undefined}
                  className={clsx(
                    'relative flex h-full flex-col items-center justify-center gap-1 text-[11px] font-medium transition-colors',
                    active ? 'text-foreground' : 'text-muted hover:text-foreground',
                  )}
                >
                  {active ? (
                    <span aria-hidden className="absolute top-0 h-0.5 w-8 rounded-full bg-brand" />
                  ) : null}
                  <span
                    className={clsx(
                      'inline-flex size-8 items-center justify-center rounded-xl transition-colors',
                      active && 'bg-violet-500/15 text-violet-200',
                    )}
                  >
                    <Icon className="size-[18px]" aria-hidden />
                  </span>
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      </div>
    </>
  );
}
