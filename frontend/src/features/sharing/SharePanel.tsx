import { useEffect, useId, useRef, useState } from 'react';
import { Check, ChevronDown, Copy, Heart, MessageCircle, Repeat2, Share2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { Image } from '@/lib/types';
import { Button } from '@/ui/button';
import { toast } from '@/ui/toast-store';
import { copyText } from './share';
import { CAPTION_STYLE_LABELS, SHARE_PANEL_STYLES, styledCaption, type CaptionStyle } from './share-text';
import { useShareCreation } from './use-creation-actions';

/** Spec part 2 section 9: the copied state lasts 2 s; the "Caption copied!" toast 3 s. */
export const COPIED_RESET_MS = 2000;
export const CAPTION_TOAST_MS = 3000;

/** Spec part 2 section 9: the social counts are static placeholders. */
const PLACEHOLDER_COUNTS = { likes: 248, comments: 86, reposts: 342 };

export interface SharePanelProps {
  image: Image;
  trendName: string;
  defaultExpanded?: boolean;
  className?: string;
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** The share panel of spec part 2 section 4: caption templates, copy, like and share. */
export function SharePanel({ image, trendName, defaultExpanded = false, className }: SharePanelProps) {
  const [expanded, setExpanded] = useState(defaultExpanded);
  const [style, setStyle] = useState<CaptionStyle>('standard');
  const [liked, setLiked] = useState(false);
  const [copied, setCopied] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const bodyId = useId();
  const caption = styledCaption(style, trendName, image.caption);
  const share = useShareCreation(image, trendName, caption);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const copyCaption = async () => {
    try {
      await copyText(caption);
      setCopied(true);
      clearTimeout(resetTimer.current);
      resetTimer.current = setTimeout(() => setCopied(false), COPIED_RESET_MS);
      toast({ title: 'Caption copied!', duration: CAPTION_TOAST_MS });
    } catch {
      toast({ title: 'Share failed', description: 'Please try again', variant: 'destructive' });
    }
  };

  return (
    <section className={cn('rounded-2xl border border-border bg-surface-2/60', className)} data-testid="share-panel">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={bodyId}
        onClick={() => setExpanded((open) => !open)}
        data-testid="share-panel-toggle"
        className="flex w-full items-center justify-between gap-3 rounded-2xl px-4 py-3 text-left text-sm font-semibold transition-colors hover:bg-white/5"
      >
        <span className="inline-flex items-center gap-2">
          <Share2 className="size-4 text-violet-300" aria-hidden />
          Share your creation
        </span>
        <ChevronDown className={cn('size-4 text-muted transition-transform', expanded && 'rotate-180')} aria-hidden />
      </button>

      {expanded ? (
        <div id={bodyId} className="grid gap-4 px-4 pb-4">
          {/* Wraps by the panel's own width: it sits in narrow side columns as well as dialogs. */}
          <div role="radiogroup" aria-label="Caption style" className="flex flex-wrap gap-1.5">
            {SHARE_PANEL_STYLES.map((option, index) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={style === option}
                onClick={() => setStyle(option)}
                data-testid={`caption-style-${index + 1}`}
                className={cn(
                  'min-w-24 flex-1 rounded-lg border px-2 py-1.5 text-xs font-medium transition-colors',
                  style === option
                    ? 'border-violet-400/50 bg-violet-500/15 text-foreground'
                    : 'border-border text-muted hover:border-border-strong hover:text-foreground',
                )}
              >
                {CAPTION_STYLE_LABELS[option]}
              </button>
            ))}
          </div>

          <p className="break-words rounded-xl bg-black/25 p-3 text-sm leading-relaxed" data-testid="share-caption">
            {caption}
          </p>

          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm" variant="secondary" onClick={() => void copyCaption()} data-testid="copy-caption" data-copied={copied}>
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copied ? 'Copied' : 'Copy caption'}
            </Button>
            <Button size="sm" onClick={() => void share.run()} disabled={share.pending} data-testid="share-panel-share">
              <Share2 aria-hidden />
              Share
            </Button>
          </div>

          <div className="flex items-center gap-4 border-t border-border pt-3 text-xs text-muted">
            <button
              type="button"
              aria-pressed={liked}
              aria-label={liked ? 'Unlike' : 'Like'}
              onClick={() => setLiked((on) => !on)}
              data-testid="share-like"
              className="inline-flex items-center gap-1.5 transition-colors hover:text-foreground"
            >
              <Heart className={cn('size-4', liked && 'fill-rose-400 text-rose-400')} aria-hidden />
              {compact.format(PLACEHOLDER_COUNTS.likes + (liked ? 1 : 0))}
            </button>
            <span className="inline-flex items-center gap-1.5">
              <MessageCircle className="size-4" aria-hidden />
              {compact.format(PLACEHOLDER_COUNTS.comments)}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Repeat2 className="size-4" aria-hidden />
              {compact.format(PLACEHOLDER_COUNTS.reposts)}
            </span>
          </div>
        </div>
      ) : null}
    </section>
  );
}
