import type { ReactNode } from 'react';
import { Check, CircleAlert, Clock, Flame, Gift, Rocket, Sparkles, Users } from 'lucide-react';
import { cn } from '@/lib/cn';
import { PLANS, SAMPLE_STYLES, STEPS } from './content';
import type { ReferralInvite } from './waitlist-api';

export function WaitlistHero({ invite, children }: { invite: ReferralInvite; children?: ReactNode }) {
  return (
    <section aria-labelledby="waitlist-title" className="relative mx-auto max-w-3xl px-4 pb-12 pt-12 text-center sm:px-6 sm:pt-20">
      <span className="inline-flex items-center gap-2 rounded-full border border-fuchsia-400/30 bg-fuchsia-500/10 px-3 py-1 text-xs font-semibold text-fuchsia-200">
        <Sparkles className="size-3.5" aria-hidden />
        Early access
      </span>
      <h1 id="waitlist-title" className="mt-6 font-display text-[2.5rem] font-black leading-[1.05] tracking-tight sm:text-6xl">
        Be first to forge the <span className="text-gradient">next viral trend</span>
      </h1>
      <p className="mx-auto mt-5 max-w-xl text-base text-muted sm:text-lg">
        TrendForge is an AI studio that turns your selfies and ideas into the styles everyone is sharing — 3D
        animation, anime, doll worlds, collectible toy boxes and more — in seconds.
      </p>
      <div className="mx-auto mt-6 flex max-w-xl flex-col items-center justify-center gap-2 text-sm text-foreground sm:flex-row sm:gap-5">
        <span className="inline-flex items-center gap-2">
          <Rocket className="size-4 text-violet-300" aria-hidden />
          Launching soon with 12+ premium styles
        </span>
        <span className="inline-flex items-center gap-2">
          <Gift className="size-4 text-violet-300" aria-hidden />
          50% off your first month
        </span>
      </div>
      {invite.status === 'valid' ? (
        <p className="mt-5 inline-flex items-center gap-2 rounded-full border border-violet-400/30 bg-violet-500/10 px-3 py-1.5 text-sm text-violet-100" data-testid="referred-by">
          <Gift className="size-4" aria-hidden />
          Invited with code <span className="font-mono font-semibold">{invite.code}</span>
        </p>
      ) : null}
      {invite.status === 'invalid' ? (
        <p role="status" className="mx-auto mt-5 flex max-w-md items-start gap-2 rounded-2xl border border-amber-400/30 bg-amber-500/10 px-3 py-2 text-left text-sm text-amber-100" data-testid="invalid-referral">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            The referral code <span className="font-mono font-semibold">{invite.code}</span> is not valid. You can still join without it.
          </span>
        </p>
      ) : null}
      {children}
    </section>
  );
}

/** 12914 → "12,914" (as toLocaleString('en-US'), without the cost of setting up Intl while the page hydrates). */
export const groupThousands = (n: number) => String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * The count shows 487 until GET /api/waitlist/count answers; the other two figures are static. An
 * empty waitlist shows no count at all: "0 creators" is worse social proof than none.
 */
export function WaitlistStats({ count }: { count: number }) {
  const stats = [
    ...(count > 0 ? [{ icon: Users, value: groupThousands(count), label: 'creators on the waitlist', testId: 'waitlist-count' }] : []),
    { icon: Flame, value: '12,914', label: 'trend images forged in beta', testId: undefined },
    { icon: Clock, value: '3,500', label: 'weekly remixes', testId: undefined },
  ];
  return (
    <section aria-label="Waitlist in numbers" className="mx-auto max-w-4xl px-4 sm:px-6">
      <ul className={`grid ${stats.length === 3 ? 'grid-cols-3' : 'grid-cols-2'} divide-x divide-border rounded-2xl border border-border bg-surface/80 py-5`}>
        {stats.map(({ icon: Icon, value, label, testId }) => (
          <li key={label} className="px-2 text-center">
            <Icon className="mx-auto size-5 text-violet-300" aria-hidden />
            <span className="mt-2 block font-display text-2xl font-black tracking-tight sm:text-3xl" data-testid={testId}>
              {value}
            </span>
            <span className="mt-0.5 block text-xs text-muted sm:text-sm">{label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SampleStyles() {
  return (
    <section aria-labelledby="styles-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8">
      <h2 id="styles-title" className="text-center font-display text-3xl font-black tracking-tight sm:text-4xl">
        A taste of the styles
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-center text-muted">Four of the looks waiting for you on day one.</p>
      <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="sample-styles">
        {SAMPLE_STYLES.map((style) => (
          <li key={style.name} className="group relative aspect-[3/4] overflow-hidden rounded-3xl border border-white/10">
            <div
              aria-hidden
              className="absolute inset-0 transition-transform duration-500 group-hover:scale-105"
              style={{ backgroundImage: `linear-gradient(155deg, ${style.from}, ${style.via} 55%, ${style.to})` }}
            />
            <img
              src={`/images/previews/${style.slug}.jpg`}
              alt={`${style.name} example`}
              width={640}
              height={640}
              loading="lazy"
              decoding="async"
              className="absolute inset-0 size-full object-cover transition-transform duration-500 group-hover:scale-105"
            />
            <div className="absolute inset-x-2.5 bottom-2.5 rounded-2xl bg-black/55 p-3 backdrop-blur">
              <h3 className="text-sm font-bold text-white sm:text-base">{style.name}</h3>
              <p className="text-xs text-white/85">{style.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function WaitlistSteps() {
  return (
    <section aria-labelledby="waitlist-how-title" className="border-y border-border bg-surface/40">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8">
        <h2 id="waitlist-how-title" className="text-center font-display text-3xl font-black tracking-tight sm:text-4xl">
          How It Works
        </h2>
        <ol className="mt-10 grid gap-4 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="relative rounded-2xl border border-border bg-surface p-6">
              <span
                aria-hidden
                data-numeral={i + 1}
                className="absolute right-5 top-4 font-display text-5xl font-black text-white/10 before:content-[attr(data-numeral)]"
              />
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-violet-500/15 text-violet-200">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-muted">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function MembershipOptions() {
  return (
    <section aria-labelledby="plans-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8">
      <h2 id="plans-title" className="text-center font-display text-3xl font-black tracking-tight sm:text-4xl">
        Membership options
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-center text-muted">
        Waitlist members get 50% off the first month, 3 free starter credits, and 3 free credits for every friend who
        joins through their referral link.
      </p>
      <ul className="mt-10 grid gap-4 md:grid-cols-3" data-testid="plans">
        {PLANS.map((plan) => (
          <li
            key={plan.name}
            className={cn(
              'relative flex flex-col rounded-3xl border p-6 sm:p-7',
              plan.highlight ? 'border-violet-400/40 bg-gradient-to-b from-violet-600/20 to-surface glow' : 'border-border bg-surface',
            )}
          >
            {plan.highlight ? (
              <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand px-3 py-1 text-xs font-bold text-white">Most popular</span>
            ) : null}
            <div className="flex items-center gap-2">
              <plan.icon className="size-5 text-violet-300" aria-hidden />
              <h3 className="text-lg font-semibold">{plan.name}</h3>
            </div>
            <p className="mt-4 flex items-baseline gap-1.5">
              <span className="font-display text-4xl font-black tracking-tight">{plan.price}</span>
              <span className="text-sm text-muted">{plan.period}</span>
            </p>
            <p className="mt-1 text-sm font-medium text-violet-200">{plan.credits}</p>
            <ul className="mt-5 grid gap-2.5 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-emerald-400" aria-hidden />
                  {feature}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
