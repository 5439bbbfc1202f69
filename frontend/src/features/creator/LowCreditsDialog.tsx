import { useNavigate } from 'react-router-dom';
import { Coins, Crown } from 'lucide-react';
import { Button } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/ui/dialog';

export interface LowCreditsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trendName: string;
  required: number;
  balance: number;
}

const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

/** The low-credits upsell: the shortage is required minus balance; Upgrade Now goes to the plans (/settings/subscription). */
export function LowCreditsDialog({ open, onOpenChange, trendName, required, balance }: LowCreditsDialogProps) {
  const navigate = useNavigate();
  const shortage = Math.max(0, required - balance);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="creator-low-credits">
        <DialogHeader>
          <span className="mx-auto mb-2 grid size-12 place-items-center rounded-full bg-amber-500/15 text-amber-300 sm:mx-0">
            <Coins aria-hidden className="size-6" />
          </span>
          <DialogTitle>Not enough credits</DialogTitle>
          <DialogDescription>
            {trendName} is a premium style and needs {credits(required)}. You have {credits(balance)}.
          </DialogDescription>
        </DialogHeader>
        <p className="rounded-xl border border-amber-400/25 bg-amber-500/10 p-3 text-center text-sm font-semibold text-amber-200" data-testid="creator-credit-shortage">
          You're {credits(shortage)} short
        </p>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)} data-testid="creator-low-credits-dismiss">
            Maybe later
          </Button>
          <Button
            onClick={() => {
              onOpenChange(false);
              navigate('/settings/subscription');
            }}
            data-testid="creator-upgrade"
          >
            <Crown aria-hidden />
            Upgrade Now
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
