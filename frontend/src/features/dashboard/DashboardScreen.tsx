import { Link } from 'react-router-dom';
import { Check, Crown, LogIn, Rocket, Settings, Sparkles, UserPlus, Zap } from 'lucide-react';
import { cn } from '@/lib/cn';
import { ROLE_LABELS, type User } from '@/lib/types';
import { useAuth } from '@/features/auth/auth-context';
import { useAuthDialog } from '@/features/auth/auth-dialog-context';
import { useImages } from '@/features/images/use-images';
import { MyCreations } from '@/features/images/CreationsGrid';
import { UsageMeter } from '@/features/usage/UsageMeter';
import { Avatar } from '@/ui/avatar';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { PageSpinner } from '@/ui/spinner';

export function DashboardScreen() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner label="Loading your dashboard" />;
  if (!user) return <GuestMode />;
  return <MemberDashboard user={user} />;
}

function MemberDashboard({ user }: { user: User }) {
  const images = useImages();
  const upsell = user.role === 'free' || user.role === 'basic';
  const list = images.data ?? [];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <section className="relative overflow-hidden rounded-3xl border border-border bg-surface p-6 sm:p-8" data-testid="dashboard-profile">
        <div aria-hidden className="pointer-events-none absolute -right-20 -top-24 size-72 rounded-full bg-fuchsia-600/20 blur-3xl" />
        <div aria-hidden className="pointer-events-none absolute -bottom-32 left-10 size-72 rounded-full bg-violet-700/20 blur-3xl" />
        <div className="relative flex flex-col gap-6 lg:flex-row lg:items-center">
          <div className="flex items-center gap-4">
            <Avatar src={user.avatar} name={user.username} className="size-16 text-xl sm:size-20" />
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h1 className="truncate text-2xl font-bold tracking-tight sm:text-3xl">{user.username}</h1>
                <Badge>{ROLE_LABELS[user.role]}</Badge>
              </div>
              <p className="truncate text-sm text-muted">{user.email}</p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2 lg:ml-auto">
            <Button asChild variant="secondary">
              <Link to="/settings">
                <Settings aria-hidden />
                Settings
              </Link>
            </Button>
            {user.role === 'free' ? (
              <Button asChild data-testid="dashboard-upgrade">
                <Link to="/settings/subscription?plan=pro">
                  <Crown aria-hidden />
                  Upgrade to Pro
                </Link>
              </Button>
            ) : null}
          </div>
        </div>
        <UsageMeter user={user} variant="inline" className="relative mt-6 max-w-md" />
      </section>

      <div className={cn('mt-10 grid grid-cols-[minmax(0,1fr)] gap-8', upsell && 'lg:grid-cols-[minmax(0,1fr)_320px]')}>
        <section aria-labelledby="creations-heading">
          <div className="mb-5 flex items-end justify-between gap-4">
            <div>
              <h2 id="creations-heading" className="text-xl font-semibold tracking-tight">
                Your Creations
              </h2>
              <p className="text-sm text-muted">
                {list.length ? `${list.length} image${list.length === 1 ? '' : 's'} forged so far` : 'Everything you forge lands here.'}
              </p>
            </div>
            <Button asChild variant="outline" size="sm">
              <Link to="/forge">
                <Sparkles aria-hidden />
                Create New
              </Link>
            </Button>
          </div>
          <MyCreations skeletonCount={4} />
        </section>

        {upsell ? (
          <aside>
            <ProUpsellCard />
          </aside>
        ) : null}
      </div>
    </div>
  );
}

/** The Pro perks of the spec's upsell card, listed to members and to guests. */
const PRO_PERKS = [
  { icon: Zap, text: 'Unlimited generations' },
  { icon: Rocket, text: 'Early access to new trends' },
  { icon: Crown, text: 'Priority generation' },
];

function ProUpsellCard() {
  return (
    <Card className="relative overflow-hidden p-6 lg:sticky lg:top-32" data-testid="pro-upsell">
      <div aria-hidden className="absolute inset-0 bg-[radial-gradient(120%_80%_at_100%_0%,rgb(217_70_239_/_0.22),transparent_60%)]" />
      <div className="relative">
        <Badge variant="brand" className="mb-4">
          <Crown aria-hidden /> Pro
        </Badge>
        <h3 className="text-lg font-semibold tracking-tight">Go Pro and never slow down</h3>
        <p className="mt-1 text-sm text-muted">Everything you need to ride every trend the day it drops.</p>
        <ul className="mt-5 grid gap-3">
          {PRO_PERKS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3 text-sm">
              <span className="inline-flex size-7 items-center justify-center rounded-lg bg-violet-500/15 text-violet-200">
                <Icon className="size-3.5" aria-hidden />
              </span>
              {text}
            </li>
          ))}
        </ul>
        <Button asChild className="mt-6 w-full">
          <Link to="/settings/subscription?plan=pro">Upgrade to Pro</Link>
        </Button>
      </div>
    </Card>
  );
}

function GuestMode() {
  const { openAuthDialog } = useAuthDialog();
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-14 text-center sm:py-20" data-testid="guest-mode">
      <Badge variant="muted" className="mb-5">
        Guest Mode
      </Badge>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
        Your creations are <span className="text-gradient">waiting</span>
      </h1>
      <p className="mt-3 max-w-xl text-muted">
        Create an account or sign in to keep your creations, track your credits and unlock premium trends.
      </p>
      <div className="mt-8 grid w-full gap-4 sm:grid-cols-2">
        <Card className="p-6 text-left">
          <UserPlus className="size-5 text-violet-300" aria-hidden />
          <h2 className="mt-3 font-semibold">New here?</h2>
          <p className="mt-1 text-sm text-muted">Create a free account and start forging in seconds.</p>
          <Button className="mt-5 w-full" onClick={() => openAuthDialog({ tab: 'register', redirectTo: '/dashboard' })}>
            Create Account
          </Button>
        </Card>
        <Card className="p-6 text-left">
          <LogIn className="size-5 text-violet-300" aria-hidden />
          <h2 className="mt-3 font-semibold">Already a creator?</h2>
          <p className="mt-1 text-sm text-muted">Sign in to see your dashboard and creations.</p>
          <Button
            variant="secondary"
            className="mt-5 w-full"
            onClick={() => openAuthDialog({ tab: 'login', redirectTo: '/dashboard' })}
          >
            Sign In
          </Button>
        </Card>
      </div>
      <Card className="mt-4 w-full p-6 text-left">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
          <div className="flex-1">
            <h2 className="font-semibold">Unlock every trend</h2>
            <ul className="mt-3 grid gap-2 text-sm text-muted">
              {PRO_PERKS.map(({ text }) => (
                <li key={text} className="flex items-center gap-2">
                  <Check className="size-4 text-emerald-400" aria-hidden />
                  {text}
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col gap-2 sm:w-48">
            <Button onClick={() => openAuthDialog({ tab: 'register', redirectTo: '/settings/subscription' })}>Sign Up to Upgrade</Button>
            <Button asChild variant="ghost">
              <Link to="/">Return to Home</Link>
            </Button>
          </div>
        </div>
      </Card>
      <p className="mt-6 text-xs text-subtle">
        By signing up you agree to our{' '}
        <Link to="/terms" className="underline underline-offset-2 hover:text-muted">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy" className="underline underline-offset-2 hover:text-muted">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
