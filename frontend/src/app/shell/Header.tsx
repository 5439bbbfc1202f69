import { Link, NavLink, useLocation } from 'react-router-dom';
import { Crown } from 'lucide-react';
import { clsx } from 'clsx';
import { useAuth } from '@/features/auth/auth-context';
import { useAuthDialog } from '@/features/auth/auth-dialog-context';
import { Avatar, UsageMeter } from '@/lib/member-ui';
import { Button } from '@/ui/button';
import { isToolActive, MAIN_LINKS, TOOL_TABS } from '../nav';
import { Brand } from './Brand';
import { MobileMenu } from './MobileMenu';

export function Header() {
  const { user, isLoading } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const { pathname } = useLocation();
  const links = MAIN_LINKS.filter((l) => (!l.membersOnly || user) && (!l.adminOnly || user?.role === 'admin'));

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/75 backdrop-blur-xl supports-[backdrop-filter]:bg-background/60">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <MobileMenu />
        <Brand className="shrink-0" />

        <nav aria-label="Main" className="ml-2 hidden shrink-0 items-center gap-1 md:flex lg:ml-6">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === '/'}
              className={({ isActive }) =>
                clsx(
                  'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  isActive ? 'text-foreground' : 'text-muted hover:text-foreground',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>

        {/* May shrink (the name truncates) rather than widen the page; the labels show from 1280 px, where they fit. */}
        <div className="ml-auto flex min-w-0 items-center justify-end gap-2 sm:gap-3">
          {isLoading ? (
            <div aria-hidden className="h-8 w-32 animate-pulse rounded-full bg-white/5" />
          ) : user ? (
            <>
              <UsageMeter user={user} className="hidden shrink-0 md:flex" />
              {user.role === 'free' ? (
                <Button asChild size="sm" className="hidden shrink-0 md:inline-flex" data-testid="header-upgrade">
                  <Link to="/settings/subscription?plan=pro" aria-label="Upgrade to Pro">
                    <Crown aria-hidden />
                    <span className="hidden xl:inline">Upgrade to Pro</span>
                  </Link>
                </Button>
              ) : null}
              <Link
                to="/settings"
                data-testid="header-account"
                aria-label={`${user.username} — account settings`}
                className="flex min-w-0 items-center gap-2 rounded-full py-1 pl-1 pr-1 transition-colors hover:bg-white/5 lg:pr-3"
              >
                <Avatar src={user.avatar} name={user.username} className="size-8 shrink-0" />
                <span className="hidden min-w-0 max-w-32 truncate text-sm font-medium lg:inline">{user.username}</span>
              </Link>
            </>
          ) : (
            <>
              <Button
                variant="ghost"
                size="sm"
                data-testid="header-login"
                onClick={() => openAuthDialog({ tab: 'login' })}
              >
                Log In
              </Button>
              <Button size="sm" data-testid="header-signup" onClick={() => openAuthDialog({ tab: 'register' })}>
                Sign Up
              </Button>
            </>
          )}
        </div>
      </div>

      <div className="hidden border-t border-border/60 md:block">
        <nav aria-label="Tools" className="mx-auto flex h-11 max-w-7xl items-center gap-1 px-4 sm:px-6 lg:px-8">
          {TOOL_TABS.map((tab) => {
            const active = isToolActive(tab.to, pathname);
            const Icon = tab.icon;
            return (
                <Link
                  key={tab.to}
                  to={tab.to}
                  title={tab.hint}
                  aria-current={active ? 'page' : undefined}
                  data-testid={`tool-tab-${tab.label.toLowerCase()}`}
                  className={clsx(
                    'relative inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-[13px] font-medium transition-colors',
                    active
                      ? 'bg-violet-500/15 text-violet-100 ring-1 ring-violet-400/30'
                      : 'text-muted hover:bg-white/5 hover:text-foreground',
                  )}
                >
                  <Icon className="size-3.5" aria-hidden />
                  {tab.label}
                  {tab.to === '/forge' ? (
                    <span className="ml-0.5 size-1.5 rounded-full bg-fuchsia-400 shadow-[0_0_8px] shadow-fuchsia-400" />
                  ) : null}
                </Link>
            );
          })}
        </nav>
      </div>
    </header>
  );
}
