import { Fragment } from 'react';
import { Heart, Star, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The emoji the product's texts use, drawn as icons: many systems have no colour-emoji font. */
const EMOJI: Record<string, { icon: LucideIcon; className: string }> = {
  '\u2B50': { icon: Star, className: 'fill-amber-300 text-amber-300' },
  '\u2764': { icon: Heart, className: 'fill-rose-500 text-rose-500' },
};
const EMOJI_PATTERN = /(\u2B50\uFE0F?|\u2764\uFE0F?)/u;

/**
 * A text with its emoji drawn as inline SVG icons. The emoji stays in the text for screen readers
 * and copy (visually hidden), so the text reads exactly as written.
 */
export function EmojiText({ text }: { text: string }) {
  return (
    <>
      {text.split(EMOJI_PATTERN).map((part, i) => {
        const emoji = EMOJI[part.replace('\uFE0F', '')];
        if (!emoji) return <Fragment key={i}>{part}</Fragment>;
        const Icon = emoji.icon;
        return (
          <span key={i} className="inline-flex items-center align-[-0.125em]" data-emoji={part}>
            <Icon className={cn('size-[1em] shrink-0', emoji.className)} aria-hidden />
            <span className="sr-only">{part}</span>
          </span>
        );
      })}
    </>
  );
}
