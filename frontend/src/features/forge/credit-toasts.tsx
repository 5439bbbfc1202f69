import { ToastAction, toast } from '@/ui/toast';

export const UPSELL_DELAY_MS = 1500;

const FUNNY_LINES = [
  'Your creativity is writing checks your credits can’t cash.',
  'Even viral legends need a little fuel.',
  'The forge is hot, but the wallet is cold.',
  'Plot twist: premium styles run on credits, not vibes.',
  'Your next masterpiece is one top-up away.',
];

export function creditShortageText(needed: number, have: number): string {
  return `You need ${needed} ${needed === 1 ? 'credit' : 'credits'} for this premium style (you have ${have})`;
}

/**
 * Spec part2 s8 "Insufficient credits (Forge)": a "Credit Booster Needed!" toast with a humorous
 * line, then 1.5 s later an "Upgrade Now" toast leading to the plans (/settings/subscription).
 */
export function showCreditBoosterToasts(detail: string, goToSettings: () => void): () => void {
  const line = FUNNY_LINES[Math.floor(Math.random() * FUNNY_LINES.length)];
  toast({ title: 'Credit Booster Needed!', description: `${line} ${detail}`, variant: 'destructive' });
  const timer = setTimeout(() => {
    toast({
      title: 'Unlock premium styles',
      description: 'Upgrade your plan to get more credits every month.',
      action: (
        <ToastAction altText="Upgrade Now" onClick={goToSettings}>
          Upgrade Now
        </ToastAction>
      ),
    });
  }, UPSELL_DELAY_MS);
  return () => clearTimeout(timer);
}
