import { Link, NavLink, useLocation } from 'react-router-dom';
import { Crown, LogOut, Settings } from 'lucide-react';
import { clsx } from 'clsx';
import { useAuth } from '@/features/auth/auth-context';
import { MemberSummary } from '@/features/auth/MemberSummary';
import { useAuthDialog } from '@/features/auth/auth-dialog-context';
import { useSignOut } from '@/features/auth/use-sign-out';
import { Button } from '@/ui/button';
import { Dialog, DialogTitle, SheetContent } from '@/ui/dialog';
import type { User } from '@/lib/types';
import { isToolActive, MAIN_LINKS, TOOL_TABS } from '../nav';
import { Brand } from './Brand';

/** Under 768 px: a left slide-out menu (Radix Dialog as a sheet). Loaded on first open. */
export default function MobileMenuSheet({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const { user } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const { pathname } = useLocation();
  const close = () => setOpen(false);
  const links = MAIN_LINKS.filter((l) => (!l.membersOnly || user) && (!l.adminOnly || user?.role === 'admin'));

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <SheetContent aria-describedby={undefined} data-testid="mobile-menu">
        <DialogTitle className="sr-only">Menu</DialogTitle>
        <div className="flex h-16 items-center border-b border-border px-5">
          <Brand onNavigate={close} />
        </div>

        {user ? (
          <div className="m-4 rounded-2xl border border-border bg-surface-2 p-4" data-testid="mobile-user-card">
            <MemberSummary user={user} />
          </div>
        ) : null}

        <nav aria-label="Mobile" className="grid gap-1 px-3 py-2">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === '/'}
              onClick={close}
              className={({ isActive }) =>
                clsx(
                  'rounded-xl px-3 py-2.5 text-[15px] font-medium transition-colors',
                  isActive ? 'bg-white/8 text-foreground' : 'text-muted hover:bg-white/5 hover:text-foreground',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="px-6 pb-1 pt-3 text-[11px] font-semibold uppercase tracking-widest text-subtle">Tools</div>
        <nav aria-label="Mobile tools" className="grid grid-cols-2 gap-2 px-4 py-2">
          {TOOL_TABS.map((tab) => {
            const Icon = tab.icon;
            const active = isToolActive(tab.to, pathname);
            return (
              <Link
                key={tab.to}
                to={tab.to}
                onClick={close}
                aria-current={active ? 'page' : undefined}
                className={clsx(
                  'flex items-center gap-2 rounded-xl border px-3 py-2.5 text-sm font-medium transition-colors',
                  active
                    ? 'border-violet-400/40 bg-violet-500/15 text-violet-100'
                    : 'border-border text-muted hover:text-foreground',
                )}
              >
                <Icon className="size-4" aria-hidden />
                {tab.label}
              </Link>
            );
          })}
        </nav>

        <div className="mt-auto grid gap-2 border-t border-border p-4">
          {user ? (
            <MemberActions user={user} close={close} />
          ) : (
            <>
              <Button
                data-testid="mobile-signup"
                onClick={() => {
                  close();
                  openAuthDialog({ tab: 'register' });
                }}
              >
                Sign Up
              </Button>
              <Button
                variant="secondary"
                data-testid="mobile-login"
                onClick={() => {
                  close();
                  openAuthDialog({ tab: 'login' });
                }}
              >
                Log In
              </Button>
            </>
          )}
        </div>
      </SheetContent>
    </Dialog>
  );
}

/**
 * A member's upgrade, settings and sign-out. Its own component because signing out goes through
 * TanStack Query, which a visitor on the landing and about pages never loads (lib/query-client-loader).
 */
function MemberActions({ user, close }: { user: User; close: () => void }) {
  const { signOut, isPending } = useSignOut();
  return (
    <>
      {user.role === 'free' ? (
        <Button asChild>
          <Link to="/settings/subscription?plan=pro" onClick={close}>
            <Crown aria-hidden />
            Upgrade to Pro
          </Link>
        </Button>
      ) : null}
      <Button asChild variant="secondary">
        <Link to="/settings" onClick={close}>
          <Settings aria-hidden />
          Settings
        </Link>
      </Button>
      <Button variant="ghost" data-testid="mobile-signout" disabled={isPending} onClick={() => signOut(close)}>
        <LogOut aria-hidden />
        Sign Out
      </Button>
    </>
  );
}
