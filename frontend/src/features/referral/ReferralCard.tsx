import { useQuery } from '@tanstack/react-query';
import { Copy, Gift, Users } from 'lucide-react';
import type { ReferralSummary } from '@trendforge/contracts';
import { api, data as dataOf } from '@/lib/api-client';
import { REFERRAL_CREDITS } from '@/features/usage/credits-explained';
import { copyText } from '@/features/waitlist/waitlist-api';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { Input } from '@/ui/input';
import { toast } from '@/ui/toast-store';
import { friendsJoinedText, memberReferralLink } from './referral-ref';

export const REFERRALS_KEY = ['/api/referrals/mine'] as const;

/** Settings: the member's referral link, how many friends joined through it and what that earned. */
export function ReferralCard() {
  // Fresh on every visit: a friend may have joined since.
  const { data, isError } = useQuery<ReferralSummary>({ queryKey: REFERRALS_KEY, queryFn: () => dataOf(api.GET('/api/referrals/mine')), staleTime: 0 });
  const link = data ? memberReferralLink(data.referralCode) : '';

  const copyLink = async () => {
    if (link && (await copyText(link))) toast({ title: 'Referral link copied!' });
  };

  return (
    <Card id="referrals" className="mt-4 scroll-mt-24 p-6 sm:p-7" data-testid="referral-card">
      <h2 className="text-lg font-semibold tracking-tight">Invite Friends</h2>
      <p className="mt-1 text-sm text-muted">
        Get {REFERRAL_CREDITS} free credits per friend who joins through your referral link.
      </p>
      {isError ? (
        <p className="mt-4 text-sm text-rose-300">Your referral link could not be loaded. Please try again later.</p>
      ) : (
        <div className="mt-4 grid gap-3">
          <label htmlFor="member-referral-link" className="text-sm font-medium">
            Your referral link
          </label>
          <div className="flex gap-2">
            <Input
              id="member-referral-link"
              readOnly
              value={link}
              placeholder="Loading…"
              data-testid="member-referral-link"
              className="font-mono text-xs"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button variant="secondary" onClick={copyLink} disabled={!data} data-testid="copy-member-referral" aria-label="Copy referral link">
              <Copy aria-hidden />
              <span className="hidden sm:inline">Copy</span>
            </Button>
          </div>
          {data ? (
            <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
              <span className="inline-flex items-center gap-2" data-testid="member-friends-joined">
                <Users className="size-4 text-violet-300" aria-hidden />
                {friendsJoinedText(data.friendsJoined)}
              </span>
              <span className="inline-flex items-center gap-2 text-muted" data-testid="member-credits-earned">
                <Gift className="size-4 text-fuchsia-300" aria-hidden />
                {data.creditsEarned} {data.creditsEarned === 1 ? 'credit' : 'credits'} earned
              </span>
            </div>
          ) : null}
        </div>
      )}
    </Card>
  );
}
