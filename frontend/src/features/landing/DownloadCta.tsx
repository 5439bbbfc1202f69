import { Link } from 'react-router-dom';
import { ArrowRight, Smartphone } from 'lucide-react';
import { StoreButtons } from '@/features/marketing/StoreButtons';

/** Section 6. */
export function DownloadCta() {
  return (
    <section aria-labelledby="download-title" className="relative mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8 lg:pb-28">
      <div className="relative overflow-hidden rounded-[2rem] border border-white/10 bg-gradient-to-br from-violet-700 via-fuchsia-700 to-rose-600 px-5 py-14 text-center sm:px-12 sm:py-16">
        <div aria-hidden className="absolute inset-0 bg-grid opacity-40" />
        <div aria-hidden className="absolute -right-16 -top-16 size-72 rounded-full bg-white/15 blur-3xl" />
        <div className="relative">
          <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-white/15 ring-1 ring-white/30">
            <Smartphone className="size-7 text-white" aria-hidden />
          </span>
          <h2 id="download-title" className="mx-auto mt-5 max-w-2xl font-display text-3xl font-black tracking-tight text-white sm:text-5xl">
            Ready to go viral? Download free.
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-base text-white/90 sm:text-lg">
            Free download with premium features. Your first trend is 30 seconds away.
          </p>
          <StoreButtons variant="light" stacked className="mx-auto mt-8 max-w-[15rem] justify-center sm:max-w-none" />
          <Link to="/waitlist" className="group mt-6 inline-block rounded-lg text-sm font-semibold text-white underline-offset-4 hover:underline">
            Not on your phone yet? Join the waitlist
            <ArrowRight className="ml-1.5 inline size-4 align-[-3px] transition-transform group-hover:translate-x-0.5" aria-hidden />
          </Link>
        </div>
      </div>
    </section>
  );
}
