import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown } from 'lucide-react';
import { WAITLIST_COUNT_PLACEHOLDER } from '@/features/waitlist/content';
import { Deferred } from '@/features/marketing/Deferred';
import { JoinForm, type Joined } from '@/features/waitlist/JoinForm';
import { MembershipOptions, SampleStyles, WaitlistHero, WaitlistStats, WaitlistSteps } from '@/features/waitlist/sections';
import { fetchWaitlistCount, useReferralInvite, WAITLIST_COUNT_KEY, type WaitlistCount } from '@/features/waitlist/waitlist-api';

// The overlay (Radix Dialog) loads when someone has joined.
const JoinedOverlay = lazy(() => import('@/features/waitlist/JoinedOverlay'));

/** The stats strip on its own, so the count's arrival re-renders only it, not the page. */
function WaitlistCountStats() {
  const { data } = useQuery<WaitlistCount>({ queryKey: WAITLIST_COUNT_KEY, queryFn: fetchWaitlistCount });
  return <WaitlistStats count={data?.count ?? WAITLIST_COUNT_PLACEHOLDER} />;
}

/** The public waitlist (spec part 1 section 2); `?ref=` carries the inviting referral code. */
export default function WaitlistPage() {
  const [params] = useSearchParams();
  // An unknown code is said to be not valid, and the join goes without it.
  const invite = useReferralInvite(params.get('ref'));
  const referredBy = invite.status === 'valid' || invite.status === 'checking' ? invite.code : null;
  const queryClient = useQueryClient();
  const [joined, setJoined] = useState<Joined | null>(null);
  const [overlayOpen, setOverlayOpen] = useState(false);

  const onJoined = (next: Joined) => {
    queryClient.setQueryData<WaitlistCount>(WAITLIST_COUNT_KEY, { success: true, count: next.count });
    setJoined(next);
    setOverlayOpen(true);
  };

  return (
    <div className="relative overflow-hidden">
      <div aria-hidden className="pointer-events-none absolute -top-32 left-1/2 h-[30rem] w-[50rem] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,rgb(217_70_239_/_0.25),transparent)]" />
      <WaitlistHero invite={invite}>
        <a
          href="#join"
          className="mt-8 inline-flex h-12 items-center gap-2 rounded-xl bg-brand px-6 text-base font-medium text-white shadow-[0_8px_30px_-8px_rgb(168_85_247_/_0.6)] transition hover:brightness-110"
        >
          Join the Waitlist
          <ArrowDown className="size-4" aria-hidden />
        </a>
      </WaitlistHero>
      <WaitlistCountStats />
      <Deferred placeholderClassName="min-h-[300vh]">
        <SampleStyles />
        <WaitlistSteps />
        <MembershipOptions />
      </Deferred>

      <section id="join" aria-labelledby="join-title" className="mx-auto max-w-xl scroll-mt-24 px-4 pb-24 sm:px-6">
        <div className="relative overflow-hidden rounded-3xl border border-border-strong bg-surface p-6 sm:p-8">
          <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 h-28 bg-brand opacity-15 blur-3xl" />
          <div className="relative">
            <h2 id="join-title" className="text-center font-display text-3xl font-black tracking-tight">
              Join the Waitlist
            </h2>
            <p className="mb-6 mt-2 text-center text-sm text-muted">Save your spot and get your referral link.</p>
            <JoinForm referredBy={referredBy} onJoined={onJoined} />
          </div>
        </div>
      </section>

      {joined ? (
        <Suspense fallback={null}>
          <JoinedOverlay open={overlayOpen} joined={joined} onClose={() => setOverlayOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
