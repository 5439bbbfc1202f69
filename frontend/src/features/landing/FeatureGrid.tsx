import { FEATURES } from './content';
import { SectionHeading } from './SectionHeading';

/** Section 3: six feature cards. */
export function FeatureGrid() {
  return (
    <section aria-labelledby="features-title" className="relative mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8 lg:py-28">
      <SectionHeading id="features-title" eyebrow="Why TrendForge" title={<>Everything you need to <span className="text-gradient">go viral</span></>}>
        One app for the looks everyone is sharing, made with your face and ready for your feed.
      </SectionHeading>
      <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="feature-grid">
        {FEATURES.map(({ icon: Icon, title, text, tint }) => (
          <li
            key={title}
            className="group relative overflow-hidden rounded-2xl border border-border bg-surface/80 p-6 transition-[border-color,transform] duration-300 hover:-translate-y-0.5 hover:border-violet-400/30"
          >
            <span className={`inline-flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br ${tint}`}>
              <Icon className="size-[22px]" aria-hidden />
            </span>
            <h3 className="mt-5 text-lg font-semibold tracking-tight">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
