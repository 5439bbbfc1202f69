import { useState } from 'react';
import { Quote, Star } from 'lucide-react';
import { clsx } from 'clsx';
import { TESTIMONIAL_INTERVAL_MS, TESTIMONIALS, type Testimonial } from './content';
import { useRotation } from './rotation';
import { SectionHeading } from './SectionHeading';

/**
 * Section 5: five testimonials, one every 4 s, wrapping around; a dot jumps to its entry. It holds still
 * while pointed at or while keyboard focus is inside, so it can be read.
 */
export function Testimonials({ items = TESTIMONIALS, intervalMs = TESTIMONIAL_INTERVAL_MS }: { items?: Testimonial[]; intervalMs?: number }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const { index, goTo } = useRotation(items.length, { intervalMs, paused });

  return (
    <section aria-labelledby="testimonials-title" className="relative mx-auto max-w-5xl px-4 py-20 sm:px-6 lg:px-8 lg:py-28">
      <SectionHeading id="testimonials-title" eyebrow="Loved by creators" title="Creators are going viral" />
      <div
        className="mt-12"
        role="region"
        aria-roledescription="carousel"
        aria-label="Testimonials"
        data-testid="testimonials"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={(e) => setFocused(focusVisible(e.target))}
        onBlur={() => setFocused(false)}
      >
        <div className="overflow-hidden">
          <ul
            className="flex transition-transform duration-700 ease-[cubic-bezier(0.16,1,0.3,1)]"
            style={{ transform: `translateX(-${index * 100}%)` }}
            aria-live={paused ? 'polite' : 'off'}
          >
            {items.map((t, i) => (
              <li
                key={t.name}
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${items.length}`}
                aria-hidden={i !== index}
                data-testid="testimonial"
                data-active={i === index}
                className="w-full shrink-0 px-1"
              >
                <figure className="relative mx-auto max-w-3xl rounded-3xl border border-border bg-surface/80 p-7 text-center sm:p-10">
                  <Quote className="mx-auto size-8 text-violet-400/60" aria-hidden />
                  <div className="mt-4 flex justify-center gap-1" role="img" aria-label={`${t.rating} out of 5 stars`}>
                    {Array.from({ length: 5 }, (_, s) => (
                      <Star key={s} className={clsx('size-5', s < t.rating ? 'fill-amber-400 text-amber-400' : 'text-white/20')} aria-hidden />
                    ))}
                  </div>
                  <blockquote className="mt-5 text-lg font-medium leading-relaxed text-foreground sm:text-xl">“{t.text}”</blockquote>
                  <figcaption className="mt-7 flex items-center justify-center gap-3">
                    <span aria-hidden className="inline-flex size-11 items-center justify-center rounded-full bg-brand text-sm font-bold text-white">
                      {t.avatar}
                    </span>
                    <span className="text-left">
                      <span className="block font-semibold" data-testid="testimonial-name">{t.name}</span>
                      <span className="block text-sm text-muted">{t.role}</span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
        <div className="mt-6 flex justify-center gap-1">
          {items.map((t, i) => (
            <button
              key={t.name}
              type="button"
              onClick={() => goTo(i)}
              aria-label={`Show testimonial ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              data-testid="testimonial-dot"
              className="group inline-flex size-6 items-center justify-center rounded-full"
            >
              <span
                className={clsx(
                  'block h-2 rounded-full transition-all duration-300',
                  i === index ? 'w-6 bg-violet-400' : 'w-2 bg-white/25 group-hover:bg-white/50',
                )}
              />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}

/** Keyboard focus (a click also focuses a dot, and should not stop the rotation). */
function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}
