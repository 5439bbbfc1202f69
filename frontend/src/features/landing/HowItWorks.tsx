import { ChevronLeft, ChevronRight } from 'lucide-react';
import { clsx } from 'clsx';
import { STEPS } from './content';
import { useRotation } from './rotation';
import { SectionHeading } from './SectionHeading';

/** Section 4: the four steps as a carousel; the arrows and the step buttons move it (DESIGN.md section 3). */
export function HowItWorks() {
  const { index, next, prev, goTo } = useRotation(STEPS.length);

  return (
    <section aria-labelledby="how-title" className="relative border-y border-border bg-surface/40">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8 lg:py-28">
        <SectionHeading id="how-title" eyebrow="How it works" title="From selfie to viral in four steps" />

        <div className="mt-12" role="region" aria-roledescription="carousel" aria-label="How it works steps" data-testid="how-carousel">
          <div className="overflow-hidden rounded-3xl border border-border bg-surface">
            <ol
              className="flex transition-transform duration-500 ease-[cubic-bezier(0.16,1,0.3,1)]"
              style={{ transform: `translateX(-${index * 100}%)` }}
              aria-live="polite"
            >
              {STEPS.map((step, i) => {
                const Icon = step.icon;
                const active = i === index;
                return (
                  <li
                    key={step.title}
                    aria-roledescription="slide"
                    aria-label={`Step ${i + 1} of ${STEPS.length}`}
                    aria-hidden={!active}
                    data-testid="how-step"
                    data-active={active}
                    className="grid w-full shrink-0 items-center gap-8 p-6 sm:p-10 md:grid-cols-2"
                  >
                    <div
                      data-testid="how-image"
                      className="relative mx-auto aspect-[4/3] w-full max-w-sm overflow-hidden rounded-2xl"
                      style={{ backgroundImage: `linear-gradient(140deg, ${step.from}, ${step.to})` }}
                    >
                      {/* Real renders, lazy (below the fold); the gradient shows until they arrive. */}
                      <div className={clsx('grid size-full', step.images.length > 1 && 'grid-cols-2 gap-1')}>
                        {step.images.map((image) => (
                          <img
                            key={image.src}
                            src={image.src}
                            alt=""
                            width={image.size}
                            height={image.size}
                            loading="lazy"
                            decoding="async"
                            className="size-full min-h-0 object-cover"
                          />
                        ))}
                      </div>
                      <span className="absolute bottom-3 right-3 inline-flex size-12 items-center justify-center rounded-2xl bg-black/55 text-white ring-1 ring-white/30 backdrop-blur">
                        <Icon className="size-6" aria-hidden />
                      </span>
                    </div>
                    <div className="text-center md:text-left">
                      {/* The big numeral heads the text, clear of the image it used to cover. */}
                      <p className="flex items-center justify-center gap-3 text-sm font-semibold uppercase tracking-widest text-violet-300 md:justify-start">
                        <span
                          aria-hidden
                          data-numeral={i + 1}
                          data-testid="how-numeral"
                          className="font-display text-5xl font-black leading-none text-transparent bg-clip-text bg-gradient-to-b from-white to-violet-300/60 before:content-[attr(data-numeral)]"
                        />
                        Step {i + 1}
                      </p>
                      <h3 className="mt-2 font-display text-2xl font-black tracking-tight sm:text-3xl">{step.title}</h3>
                      <p className="mt-3 text-base leading-relaxed text-muted">{step.text}</p>
                    </div>
                  </li>
                );
              })}
            </ol>
          </div>

          <div className="mt-6 flex items-center justify-between gap-4">
            <button
              type="button"
              onClick={prev}
              aria-label="Previous step"
              data-testid="how-prev"
              className="inline-flex size-11 items-center justify-center rounded-full border border-border-strong text-foreground transition-colors hover:border-white/30 hover:bg-white/5"
            >
              <ChevronLeft className="size-5" aria-hidden />
            </button>
            <ul className="flex flex-wrap justify-center gap-2">
              {STEPS.map((step, i) => (
                <li key={step.title}>
                  <button
                    type="button"
                    onClick={() => goTo(i)}
                    aria-current={i === index ? 'step' : undefined}
                    className={clsx(
                      'inline-flex h-9 items-center gap-2 rounded-full border px-3 text-sm font-medium transition-colors',
                      i === index
                        ? 'border-violet-400/50 bg-violet-500/15 text-violet-100'
                        : 'border-border text-muted hover:text-foreground',
                    )}
                  >
                    <span className="sr-only">Step</span>{' '}
                    <span className="font-bold">{i + 1}</span>{' '}
                    <span className="sr-only sm:not-sr-only">{step.title}</span>
                  </button>
                </li>
              ))}
            </ul>
            <button
              type="button"
              onClick={next}
              aria-label="Next step"
              data-testid="how-next"
              className="inline-flex size-11 items-center justify-center rounded-full border border-border-strong text-foreground transition-colors hover:border-white/30 hover:bg-white/5"
            >
              <ChevronRight className="size-5" aria-hidden />
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
