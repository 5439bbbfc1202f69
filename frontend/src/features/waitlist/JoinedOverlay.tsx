import { Copy, Gift, PartyPopper, Share2, Users } from 'lucide-react';
import { INSTAGRAM_URL, InstagramLogo } from '@/app/shell/SocialIcons';
import { Button } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/ui/dialog';
import { Input } from '@/ui/input';
import { toast } from '@/ui/toast-store';
import { friendsJoinedText } from '@/features/referral/referral-ref';
import type { Joined } from './JoinForm';
import { copyText, referralLink } from './waitlist-api';

/** The success overlay: the referral link, friends joined, the copy buttons, the follow button and "Return to Waitlist". */
export default function JoinedOverlay({ open, joined, onClose }: { open: boolean; joined: Joined; onClose: () => void }) {
  const link = referralLink(joined.referralCode);

  const copyLink = async () => {
    if (await copyText(link)) toast({ title: 'Copied to clipboard!', description: 'Share with friends to get priority access.' });
  };
  const shareLink = async () => {
    if (await copyText(link)) toast({ title: 'Referral link copied!' });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent data-testid="waitlist-joined" className="max-w-[28rem] overflow-hidden p-0" hideClose>
        <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 h-36 bg-brand opacity-25 blur-3xl" />
        <div className="relative grid gap-5 p-6 sm:p-7">
          <DialogHeader className="items-center text-center sm:items-center sm:text-center">
            <span className="mb-2 inline-flex size-14 items-center justify-center rounded-2xl bg-brand glow">
              <PartyPopper className="size-7 text-white" aria-hidden />
            </span>
            <DialogTitle className="text-2xl">You're on the waitlist!</DialogTitle>
            <DialogDescription>
              We'll notify you when you get early access.
            </DialogDescription>
          </DialogHeader>

          <div className="grid gap-2">
            <label htmlFor="referral-link" className="text-sm font-medium">
              Your referral link
            </label>
            <div className="flex gap-2">
              <Input id="referral-link" readOnly value={link} data-testid="referral-link" className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
              <Button variant="secondary" size="icon" onClick={copyLink} aria-label="Copy referral link" data-testid="copy-referral">
                <Copy aria-hidden />
              </Button>
            </div>
            <p className="flex items-center gap-2 text-sm text-muted" data-testid="friends-joined">
              <Users className="size-4 shrink-0 text-violet-300" aria-hidden />
              {friendsJoinedText(joined.referrals)}
            </p>
            <p className="flex items-start gap-2 rounded-xl border border-violet-400/20 bg-violet-500/10 p-3 text-sm text-violet-100">
              <Gift className="mt-0.5 size-4 shrink-0" aria-hidden />
              Get 3 free credits for every friend who joins through your link.
            </p>
            <Button onClick={shareLink} data-testid="share-referral" className="w-full">
              <Share2 aria-hidden />
              Copy Referral Link
            </Button>
          </div>

          <div className="grid gap-2">
            <Button asChild variant="outline" className="w-full">
              <a href={INSTAGRAM_URL} target="_blank" rel="noopener noreferrer" data-testid="follow-instagram">
                <InstagramLogo />
                Follow @trendforge on Instagram
              </a>
            </Button>
            <Button variant="ghost" onClick={onClose} data-testid="return-to-waitlist" className="w-full text-foreground">
              Return to Waitlist
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
