import { Link } from 'react-router-dom';
import { CreditCard, Flame, Sparkles, Trophy, type LucideIcon } from 'lucide-react';
import type { User } from '@/lib/types';
import { UsageMeter } from '@/features/usage/UsageMeter';
import { Avatar } from '@/ui/avatar';
import { Button } from '@/ui/button';
import { RecentCreations } from './RecentCreations';

const ACTIONS: Array<{ label: string; to: string; icon: LucideIcon; primary?: boolean }> = [
  { label: 'Start Creating', to: '/forge', icon: Sparkles, primary: true },
  { label: 'Board', to: '/board', icon: Trophy },
  { label: 'Weekly Trend', to: '/forge', icon: Flame },
  { label: 'Manage Plan', to: '/settings', icon: CreditCard },
];

/** The second dashboard variant (spec part 1 section 2): greeting, four actions, recent creations. */
export function WelcomeDashboard({ user }: { user: User }) {
  const name = user.firstName || user.username;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12" data-testid="welcome-dashboard">
      <section className="relative overflow-hidden rounded-3xl border border-border bg-surface p-6 sm:p-8">
        <div aria-hidden className="pointer-events-none absolute -left-16 -top-24 size-72 rounded-full bg-violet-600/20 blur-3xl" />
        <div className="relative flex flex-col gap-6 lg:flex-row lg:items-center lg:justify-between">
          <div className="flex items-center gap-4">
            <Avatar src={user.avatar} name={user.username} className="size-14 text-lg" />
            <div>
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="welcome-greeting">Welcome, {name}!</h1>
              <p className="text-muted">Ready to create some amazing images?</p>
            </div>
          </div>
          <UsageMeter user={user} variant="inline" className="w-full max-w-xs" />
        </div>
        <div className="relative mt-6 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {ACTIONS.map(({ label, to, icon: Icon, primary }) => (
            <Button key={label} asChild variant={primary ? 'primary' : 'secondary'}>
              <Link to={to}>
                <Icon aria-hidden />
                {label}
              </Link>
            </Button>
          ))}
        </div>
      </section>
      <div className="mt-10">
        <RecentCreations />
      </div>
    </div>
  );
}
