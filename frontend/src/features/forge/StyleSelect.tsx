import { useEffect, useMemo, useRef, useState } from 'react';
import { ArrowRight, ChevronLeft, ChevronRight, Heart, LayoutGrid, LogIn, RefreshCw, Sparkles, Users } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { Trend, User } from '@/lib/types';
import { useAuthDialog } from '@/features/auth/auth-dialog-context';
import {
  canFavorite, forgeTrendCost, needsCredits, trendExampleImage, useFavoriteTrends, useToggleFavorite,
} from '@/features/trends/use-trends';
import { UsageMeter } from '@/features/usage/UsageMeter';
import { RenderCostNote } from '@/features/usage/RenderCostNote';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { TrendArt } from './TrendArt';
import { TrendBadges } from './trend-badges';

export const SCROLL_STEP_PX = 300;

export interface StyleSelectProps {
  trends: Trend[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  selected: Trend | null;
  onSelect: (trend: Trend) => void;
  onContinue: () => void;
  user: User | null;
}

export function StyleSelect({ trends, isLoading, isError, onRetry, selected, onSelect, onContinue, user }: StyleSelectProps) {
  const [featuredOnly, setFeaturedOnly] = useState(true);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const detailRef = useRef<HTMLDivElement>(null);

  const all = useMemo(() => trends ?? [], [trends]);
  const weekly = useMemo(() => all.filter((t) => t.isWeeklyTrend), [all]);
  // Default shows only the weekly trends (when there are any).
  const showingFeatured = featuredOnly && weekly.length > 0;
  const visible = showingFeatured ? weekly : all;
  // Favourites are fetched only for the roles that may have them (spec part 2 section 6).
  const favoriteQuery = useFavoriteTrends(user);
  const toggleFavorite = useToggleFavorite(user);
  const favoriteSlugs = useMemo(
    () => new Set(favoriteQuery.data?.map((t) => t.slug) ?? (canFavorite(user) ? user?.favoriteTrends ?? [] : [])),
    [favoriteQuery.data, user],
  );
  const favorites = useMemo(() => all.filter((t) => favoriteSlugs.has(t.slug)), [all, favoriteSlugs]);
  const { openAuthDialog } = useAuthDialog();
  const signIn = () => openAuthDialog({ tab: 'register', reason: 'Create a free account to forge this style.' });

  useEffect(() => {
    if (selected) detailRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [selected]);

  const scrollBy = (dx: number) => scrollerRef.current?.scrollBy({ left: dx, behavior: 'smooth' });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <section aria-labelledby="styles-heading">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="styles-heading" className="text-lg font-semibold tracking-tight">
              {showingFeatured ? 'Featured this week' : 'All trending styles'}
            </h2>
            <p className="text-sm text-muted">Pick the look you want to go viral with.</p>
          </div>
          <div className="flex items-center gap-2">
            {weekly.length > 0 && weekly.length < all.length ? (
              <Button
                variant="outline"
                size="sm"
                data-testid="toggle-featured"
                onClick={() => setFeaturedOnly((v) => !v)}
              >
                {showingFeatured ? 'Show All' : 'Show Featured'}
              </Button>
            ) : null}
            <Button variant="secondary" size="icon" className="hidden size-8 sm:inline-flex" aria-label="Scroll left" onClick={() => scrollBy(-SCROLL_STEP_PX)}>
              <ChevronLeft aria-hidden />
            </Button>
            <Button variant="secondary" size="icon" className="hidden size-8 sm:inline-flex" aria-label="Scroll right" onClick={() => scrollBy(SCROLL_STEP_PX)}>
              <ChevronRight aria-hidden />
            </Button>
          </div>
        </div>

        {isLoading ? (
          <div className="flex gap-4 overflow-hidden" aria-label="Loading trends...">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="h-[340px] w-[240px] shrink-0 animate-pulse rounded-2xl border border-border bg-surface-2" />
            ))}
          </div>
        ) : isError ? (
          <Card className="flex flex-col items-center gap-3 p-8 text-center" role="alert">
            <p className="font-semibold">Failed to load trends</p>
            <p className="text-sm text-muted">
              We couldn't connect to the servers. Please check your connection and try again.
            </p>
            <Button variant="secondary" onClick={onRetry}>
              <RefreshCw aria-hidden />
              Try Again
            </Button>
          </Card>
        ) : visible.length === 0 ? (
          <Card className="p-8 text-center text-sm text-muted">No trends available right now. Check back soon!</Card>
        ) : (
          <div
            ref={scrollerRef}
            className="scrollbar-none -mx-4 flex gap-4 overflow-x-auto scroll-smooth px-4 pb-3 sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
            data-testid="trend-scroller"
          >
            {visible.map((trend) => (
              <TrendCard
                key={trend.slug}
                trend={trend}
                selected={selected?.slug === trend.slug}
                onSelect={() => onSelect(trend)}
                visitor={!user}
                onSignIn={signIn}
                favorite={favoriteSlugs.has(trend.slug)}
                onToggleFavorite={() => toggleFavorite(trend, !favoriteSlugs.has(trend.slug))}
              />
            ))}
            {showingFeatured && weekly.length < all.length ? (
              <button
                type="button"
                onClick={() => setFeaturedOnly(false)}
                className="group flex w-[240px] shrink-0 snap-start flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-border-strong bg-surface/40 p-6 text-center transition-colors hover:border-violet-400/50 hover:bg-violet-500/5 sm:w-[260px]"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-violet-500/15 text-violet-200 transition-transform group-hover:scale-110">
                  <LayoutGrid className="size-5" aria-hidden />
                </span>
                <span className="font-semibold">Browse all {all.length} styles</span>
                <span className="text-sm text-muted">Anime, toy boxes, magazine covers and more.</span>
              </button>
            ) : null}
          </div>
        )}
      </section>

      {selected ? (
        <div ref={detailRef} className="scroll-mt-32 scroll-mb-36 md:scroll-mb-8">
          <TrendDetail trend={selected} user={user} onContinue={onContinue} />
        </div>
      ) : null}

      {favorites.length ? (
        <section aria-labelledby="favorites-heading">
          <h2 id="favorites-heading" className="mb-3 flex items-center gap-2 text-lg font-semibold tracking-tight">
            <Heart className="size-4 fill-rose-400 text-rose-400" aria-hidden />
            Your Favorites
          </h2>
          <div className="flex flex-wrap gap-2">
            {favorites.map((trend) => (
              <button
                key={trend.slug}
                type="button"
                onClick={() => onSelect(trend)}
                className={cn(
                  'inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm transition-colors',
                  selected?.slug === trend.slug
                    ? 'border-violet-400/50 bg-violet-500/15 text-violet-100'
                    : 'border-border bg-surface-2 text-muted hover:text-foreground',
                )}
              >
                <TrendArt trend={trend} className="size-5 rounded-full" />
                {trend.name}
              </button>
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}

/** A visitor's card action (spec part 2 section 2.1): premium styles generate, the rest create. */
export function visitorAction(trend: Pick<Trend, 'premium'>): string {
  return trend.premium ? 'Sign In to Generate' : 'Sign In to Create';
}

interface TrendCardProps {
  trend: Trend;
  selected: boolean;
  onSelect: () => void;
  visitor: boolean;
  onSignIn: () => void;
  favorite: boolean;
  onToggleFavorite: () => void;
}

function TrendCard({ trend, selected, onSelect, visitor, onSignIn, favorite, onToggleFavorite }: TrendCardProps) {
  const comingSoon = trend.available === false;
  // The example image loads on the first hover only, then cross-fades in on every hover.
  const [hovered, setHovered] = useState(false);
  return (
    <div
      data-testid="trend-card"
      data-trend-slug={trend.slug}
      onPointerEnter={() => setHovered(true)}
      onFocus={() => setHovered(true)}
      className={cn(
        'group relative flex w-[240px] shrink-0 snap-start flex-col overflow-hidden rounded-2xl border bg-surface-2 text-left transition-[border-color,transform,box-shadow] duration-300 sm:w-[260px]',
        'hover:-translate-y-1 hover:border-violet-400/40 hover:shadow-[0_24px_60px_-24px_rgb(168_85_247_/_0.6)]',
        comingSoon && 'opacity-60 hover:translate-y-0',
        selected ? 'border-violet-400/70 ring-2 ring-violet-500/50' : 'border-border',
      )}
    >
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        aria-label={`${trend.name}${comingSoon ? ' (Coming Soon)' : ''}`}
        disabled={comingSoon || visitor}
        data-testid="trend-card-select"
        className="absolute inset-0 z-[1] cursor-pointer rounded-2xl focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-default"
      />
      <div className="relative aspect-[4/3] w-full overflow-hidden">
        <TrendArt trend={trend} className="absolute inset-0 transition-transform duration-500 group-hover:scale-[1.03]" />
        {hovered ? (
          <img
            src={trendExampleImage(trend)}
            alt=""
            data-testid="trend-hover-preview"
            className="absolute inset-0 size-full object-cover opacity-0 transition-opacity duration-300 group-hover:opacity-100"
          />
        ) : null}
      </div>
      <TrendBadges trend={trend} max={2} className="pointer-events-none absolute left-3 top-3 z-[2] flex max-w-[75%] flex-wrap gap-1.5 [&>span]:bg-black/65 [&>span]:shadow-sm [&>span]:backdrop-blur-sm" />
      {!visitor ? (
        <button
          type="button"
          onClick={onToggleFavorite}
          aria-pressed={favorite}
          aria-label={favorite ? `Remove ${trend.name} from favorites` : `Add ${trend.name} to favorites`}
          data-testid="trend-favorite"
          className={cn(
            'absolute right-3 top-3 z-[2] inline-flex size-8 items-center justify-center rounded-full border backdrop-blur transition-colors',
            favorite ? 'border-rose-400/50 bg-rose-500/25 text-rose-200' : 'border-white/15 bg-black/35 text-white/80 hover:text-white',
          )}
        >
          <Heart className={cn('size-4', favorite && 'fill-rose-400 text-rose-400')} aria-hidden />
        </button>
      ) : null}
      <div className="pointer-events-none flex flex-1 flex-col gap-1.5 p-4">
        <h3 className="font-semibold tracking-tight">{trend.name}</h3>
        <p className="line-clamp-2 text-sm text-muted">{trend.description}</p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-3 text-xs text-subtle">
          <span className="inline-flex items-center gap-1">
            <Users className="size-3.5" aria-hidden />
            {(trend.generations ?? 0).toLocaleString()} {trend.generations === 1 ? 'creation' : 'creations'}
          </span>
          {selected ? <span className="font-semibold text-violet-300">Selected</span> : null}
        </div>
        {visitor && !comingSoon ? (
          <Button size="sm" variant="secondary" className="pointer-events-auto relative z-[2] mt-3" onClick={onSignIn} data-testid="visitor-action">
            <LogIn aria-hidden />
            {visitorAction(trend)}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function TrendDetail({ trend, user, onContinue }: { trend: Trend; user: User | null; onContinue: () => void }) {
  const paid = needsCredits(trend);
  const cost = forgeTrendCost(trend);
  return (
    <Card className="overflow-hidden animate-fade-up" data-testid="trend-detail">
      <div className="grid md:grid-cols-[minmax(0,340px)_1fr]">
        <TrendArt trend={trend} eager className="aspect-[4/3] w-full md:aspect-auto md:h-full" />
        <div className="flex flex-col gap-4 p-6 sm:p-8">
          <TrendBadges trend={trend} />
          <div>
            <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{trend.name}</h2>
            <p className="mt-2 text-muted">{trend.description}</p>
          </div>
          <div className="grid gap-3 rounded-xl border border-border bg-surface-2/60 p-4 text-sm">
            <div className="flex items-center justify-between">
              <span className="text-muted">Credits required</span>
              <span className="font-semibold" data-testid="trend-cost">
                {paid ? `${cost} ${cost === 1 ? 'credit' : 'credits'}` : trend.isWeeklyTrend ? 'Free this week' : 'Included in your plan'}
              </span>
            </div>
            {paid && user ? <UsageMeter user={user} trendCost={cost} variant="inline" /> : null}
            {user ? <RenderCostNote user={user} creditCost={paid ? cost : null} /> : null}
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button size="lg" onClick={onContinue} data-testid="continue-with-style" className="sm:w-auto">
              <Sparkles aria-hidden />
              Continue with this Style
              <ArrowRight aria-hidden />
            </Button>
            <span className="text-xs text-subtle">Next: describe what you want to create.</span>
          </div>
        </div>
      </div>
    </Card>
  );
}
