import { Link, useNavigate } from 'react-router-dom';
import { ArrowRight, Download, Globe2, Sparkles, Star, Trophy, Video } from 'lucide-react';
import { useAuth } from '@/features/auth/auth-context';
import { useAuthDialog } from '@/features/auth/auth-dialog-context';
import { StoreButtons } from '@/features/marketing/StoreButtons';
import { Button } from '@/ui/button';

const HERO_STATS = [
  { value: '4.8', label: 'rating', icon: Star },
  { value: '1M+', label: 'downloads', icon: Download },
  { value: '50K+', label: 'viral videos', icon: Video },
];

const STRIP = [
  { value: '4.8/5', label: 'from 10K+ creators' },
  { value: '1M+', label: 'downloads' },
  { value: '#1', label: 'AI photo app' },
  { value: '120+', label: 'countries' },
];

const SHOWCASE = [
  { name: '3D Animation', from: '#7c3aed', to: '#db2777', rotate: '-rotate-6', offset: 'translate-y-6' },
  { name: 'Collectible Toy Box', from: '#f97316', to: '#d946ef', rotate: 'rotate-0', offset: '-translate-y-2' },
  { name: 'Anime Hero', from: '#2563eb', to: '#8b5cf6', rotate: 'rotate-6', offset: 'translate-y-8' },
];

export default function LandingPage() {
  const { user } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const navigate = useNavigate();

  const startCreating = () => {
    if (user) navigate('/forge');
    else openAuthDialog({ tab: 'register', redirectTo: '/forge', reason: 'Create a free account to start forging.' });
  };

  return (
    <div className="relative overflow-hidden">
      <div aria-hidden className="pointer-events-none absolute inset-0 bg-grid [mask-image:radial-gradient(70%_60%_at_50%_0%,black,transparent)]" />
      <div aria-hidden className="pointer-events-none absolute -top-40 left-1/2 h-[36rem] w-[60rem] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,rgb(124_58_237_/_0.35),transparent)]" />
      <div aria-hidden className="pointer-events-none absolute right-[-10rem] top-40 h-96 w-96 rounded-full bg-fuchsia-600/20 blur-3xl" />

      <section className="relative mx-auto grid max-w-7xl items-center gap-14 px-4 pb-16 pt-14 sm:px-6 md:pt-20 lg:grid-cols-[1.1fr_1fr] lg:px-8 lg:pb-24">
        <div className="animate-fade-up">
          <span className="inline-flex items-center gap-2 rounded-full border border-violet-400/30 bg-violet-500/10 px-3 py-1 text-xs font-semibold text-violet-200">
            <Trophy className="size-3.5" aria-hidden />
            #1 AI Content Creator
          </span>
          <h1 className="mt-6 font-display text-[2.6rem] font-black leading-[1.02] tracking-tight sm:text-6xl lg:text-7xl">
            Turn any idea into <span className="text-gradient">viral AI art</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted">
            Hundreds of trend templates updated daily. Pick a style, add a selfie or a prompt, and get a 4K,
            share-ready result in under 30 seconds — formatted for every short-video and photo feed.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button size="lg" onClick={startCreating} data-testid="hero-cta">
              <Sparkles aria-hidden />
              Start Creating Free
              <ArrowRight aria-hidden />
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/about-trendforge">How it works</Link>
            </Button>
          </div>
          <StoreButtons className="mt-6" />
          <dl className="mt-10 flex flex-wrap gap-x-10 gap-y-4">
            {HERO_STATS.map(({ value, label, icon: Icon }) => (
              <div key={label} className="flex items-center gap-3">
                <Icon className="size-5 text-violet-300" aria-hidden />
                <div>
                  <dt className="sr-only">{label}</dt>
                  <dd className="text-2xl font-bold tracking-tight">{value}</dd>
                  <dd className="-mt-0.5 text-xs uppercase tracking-wider text-subtle">{label}</dd>
                </div>
              </div>
            ))}
          </dl>
        </div>

        <div aria-hidden className="relative mx-auto hidden h-[26rem] w-full max-w-lg sm:block">
          {SHOWCASE.map((card, i) => (
            <div
              key={card.name}
              className={`absolute top-10 h-72 w-44 rounded-3xl border border-white/15 p-3 shadow-2xl shadow-black/60 ${card.rotate} ${card.offset}`}
              style={{
                left: `${i * 32}%`,
                zIndex: i === 1 ? 3 : 1,
                backgroundImage: `linear-gradient(150deg, ${card.from}, ${card.to})`,
              }}
            >
              <div className="relative h-full overflow-hidden rounded-2xl bg-black/15">
                <div className="absolute inset-0 bg-[radial-gradient(circle_at_35%_30%,rgb(255_255_255_/_0.45),transparent_40%)]" />
                <div className="absolute inset-0 bg-grid opacity-50 mix-blend-overlay" />
                <div className="absolute bottom-3 left-3 right-3 rounded-xl bg-black/45 p-2.5 backdrop-blur">
                  <p className="text-[10px] font-semibold uppercase tracking-wider text-white/70">Trend</p>
                  <p className="text-sm font-bold text-white">{card.name}</p>
                </div>
              </div>
            </div>
          ))}
        </div>
      </section>

      <section aria-label="Stats" className="relative border-y border-border bg-surface/50">
        <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-8 sm:px-6 md:grid-cols-4 lg:px-8">
          {STRIP.map(({ value, label }) => (
            <div key={label} className="text-center">
              <dt className="sr-only">{label}</dt>
              <dd className="text-2xl font-bold tracking-tight sm:text-3xl">{value}</dd>
              <dd className="text-sm text-muted">{label}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="relative mx-auto max-w-4xl px-4 py-20 text-center sm:px-6">
        <Globe2 className="mx-auto size-8 text-violet-300" aria-hidden />
        <h2 className="mt-4 font-display text-3xl font-black tracking-tight sm:text-4xl">
          Ready to go viral? Download free.
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted">
          Free download with premium features when you want them. Create on the web, share from your phone.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button size="lg" onClick={startCreating}>
            <Sparkles aria-hidden />
            Start Creating
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to="/waitlist">Join the Waitlist</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
