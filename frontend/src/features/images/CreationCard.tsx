import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { Check, Heart, Share2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import { engineLabel, type Image } from '@/lib/types';
import { LazyImage } from '@/ui/lazy-image';

/** Spec part1 s9: cards fade in after 500 ms, staggered 50 ms per card up to 500 ms. */
export function cardDelayMs(index: number): number {
  return 500 + Math.min(index * 50, 500);
}

export interface CreationCardProps {
  image: Image;
  index?: number;
  onShare?: (image: Image) => void;
  /** In select mode the card toggles its selection instead of opening the detail. */
  selectable?: boolean;
  selected?: boolean;
  onToggleSelect?: (image: Image) => void;
}

const frame =
  'group relative block w-full overflow-hidden rounded-2xl border border-border bg-surface-2 text-left transition-[border-color,transform,box-shadow] duration-300 hover:-translate-y-0.5 hover:border-violet-400/40 hover:shadow-[0_20px_50px_-20px_rgb(168_85_247_/_0.5)]';

export function CreationCard({ image, index = 0, onShare, selectable, selected, onToggleSelect }: CreationCardProps) {
  const style: CSSProperties = { animationDelay: `${cardDelayMs(index)}ms` };
  return (
    <li className="group/card relative" data-testid="creation-card" data-image-id={image.id}>
      {/* The card waits up to a second before it fades in: its place shows a skeleton meanwhile, not a blank. */}
      <div aria-hidden data-testid="creation-card-skeleton" className="absolute inset-0 animate-pulse rounded-2xl border border-border bg-surface-2" />
      <div className="relative animate-fade-up" style={style} data-testid="creation-card-body">
        {selectable ? (
          <label className={cn(frame, 'cursor-pointer', selected && 'border-violet-400 ring-2 ring-violet-400/60')}>
            <input
              type="checkbox"
              className="peer sr-only"
              checked={Boolean(selected)}
              onChange={() => onToggleSelect?.(image)}
              aria-label={`Select ${image.prompt}`}
              data-testid="creation-select"
            />
            <CardFace image={image} showFavorite={false} />
            <span
              aria-hidden
              className={cn(
                'absolute right-2.5 top-2.5 inline-flex size-6 items-center justify-center rounded-md border-2 backdrop-blur peer-focus-visible:outline-2 peer-focus-visible:outline-primary',
                selected ? 'border-violet-400 bg-violet-500 text-white' : 'border-white/70 bg-black/40',
              )}
            >
              {selected ? <Check className="size-4" /> : null}
            </span>
          </label>
        ) : (
          <>
            <Link to={`/forge/detail/${image.id}`} className={frame}>
              <CardFace image={image} />
            </Link>
            {onShare ? (
              <button
                type="button"
                onClick={() => onShare(image)}
                aria-label="Share"
                data-testid="creation-card-share"
                className="absolute bottom-3 right-3 inline-flex size-8 items-center justify-center rounded-full bg-black/60 text-white backdrop-blur transition-opacity hover:bg-black/80 sm:opacity-0 sm:group-hover/card:opacity-100 sm:focus-visible:opacity-100"
              >
                <Share2 className="size-4" aria-hidden />
              </button>
            ) : null}
          </>
        )}
      </div>
    </li>
  );
}

/** The thumbnail with its hover overlay: the prompt and an "AI Style" tag (spec part 1 dashboard). */
function CardFace({ image, showFavorite = true }: { image: Image; showFavorite?: boolean }) {
  const engine = engineLabel(image.engine);
  return (
    <>
      <LazyImage
        src={image.thumbnail || image.generatedImage}
        alt={image.prompt}
        data-testid="creation-image"
        wrapperClassName="aspect-square"
        className="transition-transform duration-500 group-hover:scale-[1.04]"
      />
      {showFavorite && image.isFavorite ? (
        <span className="absolute right-2.5 top-2.5 inline-flex size-7 items-center justify-center rounded-full bg-black/50 backdrop-blur">
          <Heart className="size-3.5 fill-rose-400 text-rose-400" aria-label="Favorite" />
        </span>
      ) : null}
      {engine ? (
        <span
          data-testid="engine-label"
          className="absolute left-2.5 top-2.5 rounded-full bg-black/55 px-2 py-0.5 text-[10px] font-semibold uppercase tracking-wider text-white/85 backdrop-blur"
        >
          {engine}
        </span>
      ) : null}
      <div
        className={cn(
          'absolute inset-x-0 bottom-0 flex flex-col gap-2 bg-gradient-to-t from-black/90 via-black/60 to-transparent p-3.5 pr-14 pt-10',
          'translate-y-2 opacity-0 transition-all duration-300 group-hover:translate-y-0 group-hover:opacity-100 group-focus-visible:translate-y-0 group-focus-visible:opacity-100',
        )}
      >
        <span className="w-fit rounded-full bg-brand px-2 py-0.5 text-[10px] font-bold uppercase tracking-wider text-white">
          AI Style
        </span>
        <p className="line-clamp-2 text-sm text-white/90">{image.prompt}</p>
      </div>
    </>
  );
}
