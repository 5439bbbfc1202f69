import { Link } from 'react-router-dom';
import { ArrowRight, Compass } from 'lucide-react';
import { ENGINE_FEATURES } from '@/features/about/content';
import { Button } from '@/ui/button';

/** About the AI engine (spec part 1 section 2): four features and a call to explore trends. */
export default function AboutPage() {
  return (
    <div className="relative overflow-hidden">
      <div aria-hidden className="pointer-events-none absolute left-1/2 top-0 h-96 w-[50rem] -translate-x-1/2 rounded-full bg-violet-700/20 blur-3xl" />
      <div className="relative mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8 lg:py-24">
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold uppercase tracking-widest text-violet-300">The AI engine</p>
          <h1 className="mt-3 font-display text-4xl font-black tracking-tight sm:text-6xl">
            How TrendForge <span className="text-gradient">makes it viral</span>
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">
            A pipeline built for one job: turning your idea into the look everyone is sharing this week.
          </p>
        </div>
        <ol className="mt-14 grid gap-4 sm:grid-cols-2" data-testid="engine-features">
          {ENGINE_FEATURES.map(({ icon: Icon, title, text }, i) => (
            <li
              key={title}
              className="relative overflow-hidden rounded-2xl border border-border bg-surface/80 p-6 transition-colors hover:border-violet-400/30 sm:p-7"
            >
              {/* Decorative numeral drawn as generated content: not text to read or contrast-check. */}
              <span
                aria-hidden
                data-numeral={String(i + 1).padStart(2, '0')}
                className="absolute right-6 top-4 font-display text-5xl font-black text-white/10 before:content-[attr(data-numeral)]"
              />
              <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-violet-500/25 to-fuchsia-500/10 text-violet-200">
                <Icon className="size-[22px]" aria-hidden />
              </span>
              <h2 className="mt-5 text-lg font-semibold tracking-tight">{title}</h2>
              <p className="mt-2 text-sm leading-relaxed text-muted">{text}</p>
            </li>
          ))}
        </ol>
        <div className="relative mt-14 overflow-hidden rounded-3xl border border-violet-400/25 bg-gradient-to-br from-violet-600/25 via-surface to-fuchsia-600/20 px-6 py-10 text-center sm:px-10">
          <Compass className="mx-auto size-8 text-violet-200" aria-hidden />
          <h2 className="mt-4 font-display text-2xl font-black tracking-tight sm:text-3xl">See it for yourself</h2>
          <p className="mx-auto mt-2 max-w-lg text-muted">Pick a trend and watch the engine turn your idea into something worth sharing.</p>
          <Button asChild size="lg" className="mt-7">
            <Link to="/dashboard">
              Explore Trends
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
