import { Link } from 'react-router-dom';
import { Check, PartyPopper } from 'lucide-react';
import { ROLE_LABELS, type Role } from '@/lib/types';
import { Button } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/ui/dialog';
import { PLAN_PERKS } from './plan-ladder';

/** The celebration when the member's plan moves up the ladder (spec part 1 section 2). */
export default function PlanUpgradeDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const perks = PLAN_PERKS[role] ?? [];
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent data-testid="plan-upgrade-dialog" className="max-w-md overflow-hidden p-0">
        <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 h-40 bg-brand opacity-30 blur-3xl" />
        <div className="relative p-7 text-center">
          <span className="mx-auto mb-5 inline-flex size-14 items-center justify-center rounded-2xl bg-brand glow">
            <PartyPopper className="size-6 text-white" aria-hidden />
          </span>
          <DialogTitle className="text-2xl">You're now on {ROLE_LABELS[role]}!</DialogTitle>
          <DialogDescription className="mt-2">Your plan just levelled up. Here is what you unlocked:</DialogDescription>
          <ul className="mx-auto mt-5 grid max-w-xs gap-2 text-left text-sm">
            {perks.map((perk) => (
              <li key={perk} className="flex items-center gap-2">
                <Check className="size-4 shrink-0 text-emerald-400" aria-hidden />
                {perk}
              </li>
            ))}
          </ul>
          <div className="mt-7 grid gap-2">
            <Button asChild size="lg" onClick={onClose}>
              <Link to="/forge">Start Creating</Link>
            </Button>
            <Button variant="ghost" onClick={onClose} data-testid="plan-upgrade-close">
              Maybe later
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
