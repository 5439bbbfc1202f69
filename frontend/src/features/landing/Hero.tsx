import { ArrowRight, Heart, Sparkles, Trophy } from 'lucide-react';
import { StoreButtons } from '@/features/marketing/StoreButtons';
import { HERO_STATS } from './figures';
import { PreviewSize, previewSrc } from './renders';

/** Section 1: headline, subline, the two store buttons and the app's stats. */
export function Hero({ onStartCreating }: { onStartCreating: () => void }) {
  return (
    <section aria-labelledby="hero-title" className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 pb-16 pt-10 sm:px-6 md:pt-16 lg:grid-cols-[1.15fr_1fr] lg:gap-8 lg:px-8 lg:pb-24 lg:pt-20">
      <div className="text-center lg:text-left">
        <span className="inline-flex items-center gap-2 rounded-full border border-violet-400/30 bg-violet-500/10 px-3 py-1 text-xs font-semibold text-violet-200">
          <Trophy className="size-3.5" aria-hidden />
          #1 AI Content Creator
        </span>
        <h1 id="hero-title" className="mt-6 font-display text-[2.5rem] font-black leading-[1.04] tracking-tight sm:text-6xl lg:text-7xl">
          Turn any selfie into <span className="text-gradient">viral AI content</span>
        </h1>
        <p className="mx-auto mt-5 max-w-xl text-base text-muted sm:text-lg lg:mx-0">
          Hundreds of trend templates updated daily. Pick a style, add a selfie, and get a 4K, share-ready result in
          under 30 seconds — formatted for every short-video and photo feed.
        </p>
        <StoreButtons className="mx-auto mt-8 max-w-sm sm:max-w-none sm:justify-center lg:justify-start" />
        <button
          type="button"
          onClick={onStartCreating}
          data-testid="hero-cta"
          className="group mt-5 inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-violet-200 transition-colors hover:text-white"
        >
          <Sparkles className="size-4" aria-hidden />
          Or start creating on the web
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
        </button>
        <ul aria-label="App stats" className="mt-10 grid grid-cols-3 gap-2 sm:flex sm:flex-wrap sm:justify-center sm:gap-x-8 sm:gap-y-4 lg:justify-start" data-testid="hero-stats">
          {HERO_STATS.map(({ value, label, icon: Icon }) => (
            <li key={label} className="flex flex-col items-center gap-2 sm:flex-row sm:gap-3">
              <span className="inline-flex size-10 items-center justify-center rounded-xl border border-border bg-white/[0.03]">
                <Icon className="size-[18px] text-violet-300" aria-hidden />
              </span>
              <span className="text-center sm:text-left">
                <span className="block text-xl font-bold leading-tight tracking-tight">{value}</span>
                <span className="block text-xs uppercase tracking-wider text-muted">{label}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <PhoneShowcase />
    </section>
  );
}

// Between 1024 and 1280 px the hero's column is narrow: the cards lean out so the phone hides less of them.
const CARDS = [
  { name: 'Anime Hero', slug: 'anime', className: '-rotate-[8deg] left-0 top-16 lg:-left-6 xl:left-0' },
  { name: 'Toy Box', slug: 'collectible', className: 'rotate-[8deg] right-0 top-24 lg:-right-4 xl:right-0' },
];

/** A phone showing a finished trend render between two floating trend cards, all real studio-engine renders. */
function PhoneShowcase() {
  return (
    <div aria-hidden className="relative mx-auto h-[25rem] w-full max-w-[22rem] sm:h-[30rem] sm:max-w-lg">
      <div className="absolute inset-x-10 top-10 h-72 rounded-full bg-fuchsia-600/25 blur-3xl" />
      {CARDS.map((card) => (
        <div
          key={card.name}
          className={`absolute hidden h-52 w-36 rounded-3xl border border-white/15 bg-surface-3 p-2.5 shadow-2xl shadow-black/60 sm:block ${card.className}`}
        >
          <div className="relative h-full overflow-hidden rounded-2xl bg-surface-2">
            {/* Lazy: the cards are not shown on phones, so phones never fetch them. */}
            <img
              src={previewSrc(card.slug)}
              alt=""
              width={PreviewSize}
              height={PreviewSize}
              loading="lazy"
              decoding="async"
              className="absolute inset-0 size-full object-cover"
            />
            <div className="absolute bottom-2.5 left-2.5 right-2.5 rounded-xl bg-black/60 px-2.5 py-2 backdrop-blur">
              <p className="text-[10px] font-semibold uppercase tracking-wider text-white/85">Trend</p>
              <p className="text-sm font-bold text-white">{card.name}</p>
            </div>
          </div>
        </div>
      ))}
      <div className="absolute left-1/2 top-0 h-full w-56 -translate-x-1/2 rounded-[2.6rem] border border-white/15 bg-[#0c0a12] p-2.5 shadow-[0_40px_80px_-20px_rgb(0_0_0_/_0.9)] sm:w-64">
        <div className="relative h-full overflow-hidden rounded-[2.1rem] bg-gradient-to-b from-violet-600 via-fuchsia-600 to-orange-400">
          <img
            src={previewSrc('disney')}
            alt=""
            width={PreviewSize}
            height={PreviewSize}
            fetchPriority="high"
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
          <div className="absolute left-1/2 top-2.5 h-5 w-20 -translate-x-1/2 rounded-full bg-black/80" />
          <div className="absolute inset-x-3 bottom-3 rounded-2xl bg-black/60 p-3 backdrop-blur">
            <div className="flex items-center justify-between">
              <p className="text-xs font-bold text-white">3D Animation</p>
              <span className="inline-flex items-center gap-1 text-[11px] font-semibold text-white/90">
                <Heart className="size-3 fill-rose-400 text-rose-400" /> 24.8K
              </span>
            </div>
            <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-white/20">
              <div className="h-full w-full rounded-full bg-white/90" />
            </div>
            <p className="mt-1.5 text-[10px] font-medium text-white/85">Done in 18 s · 4K</p>
          </div>
        </div>
      </div>
    </div>
  );
}
