import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Hammer, Images, Megaphone, Palette, Sparkles, Wand2, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { queryKeys } from '@/lib/query-keys';
import type { User } from '@/lib/types';
import { Button } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/ui/dialog';
import { toast } from '@/ui/toast-store';
import { updateOnboarding } from './onboarding-api';
import {
  FIRST_TREND_DELAY_MS, FIRST_TREND_PATH, START_CREATING_DELAY_MS, tourStepsFor, WELCOME_AUTO_ADVANCE_MS, WELCOME_FADE_MS, type TourStep,
} from './onboarding-steps';

const ICONS: Record<TourStep['id'], LucideIcon> = { styles: Palette, forge: Hammer, creations: Images, visibility: Megaphone };

/**
 * The first-visit tour: a welcome (step 0, moves on by itself after 4 s), the tour steps for the
 * member's role, and a final "Start Creating". Finishing or skipping records hasOnboarded.
 */
export default function OnboardingDialog({ user, onClosed }: { user: User; onClosed: () => void }) {
  const steps = tourStepsFor(user.role);
  const last = steps.length + 1;
  const [step, setStep] = useState(0);
  const [fading, setFading] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const complete = useMutation({
    mutationFn: () => updateOnboarding(true),
    onSuccess: async (next) => {
      queryClient.setQueryData(queryKeys.me, next);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });

  // The welcome fades out and hands over to the tour on its own.
  useEffect(() => {
    if (step !== 0) return;
    const fade = setTimeout(() => setFading(true), WELCOME_AUTO_ADVANCE_MS);
    const advance = setTimeout(() => {
      setFading(false);
      setStep(1);
    }, WELCOME_AUTO_ADVANCE_MS + WELCOME_FADE_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(advance);
    };
  }, [step]);

  const finish = async (to: string, delayMs: number) => {
    try {
      await complete.mutateAsync();
    } catch {
      toast({ title: "Couldn't update your status", description: 'Please try again later', variant: 'destructive' });
    }
    onClosed();
    setTimeout(() => navigate(to), delayMs);
  };
  const skip = () => void finish('/dashboard', 0);

  const name = user.firstName || user.username;
  const tourStep = step >= 1 && step < last ? steps[step - 1] : null;
  const Icon = tourStep ? ICONS[tourStep.id] : step === 0 ? Sparkles : Wand2;

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : skip())}>
      <DialogContent data-testid="onboarding-dialog" data-step={step} className="max-w-md overflow-hidden p-0">
        <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 h-40 bg-brand opacity-25 blur-3xl" />
        <div className={cn('relative p-7 text-center transition-opacity duration-500', fading ? 'opacity-0' : 'opacity-100')}>
          <span className="mx-auto mb-5 inline-flex size-14 items-center justify-center rounded-2xl bg-brand glow">
            <Icon className="size-6 text-white" aria-hidden />
          </span>
          {step === 0 ? (
            <>
              <DialogTitle className="text-2xl">Welcome to TrendForge, {name}!</DialogTitle>
              <DialogDescription className="mt-2">
                Turn your ideas and photos into viral-style images in seconds. Here is a quick tour.
              </DialogDescription>
            </>
          ) : tourStep ? (
            <>
              <p className="mb-1 text-xs font-semibold uppercase tracking-widest text-violet-300">
                Step {step} of {steps.length}
              </p>
              <DialogTitle className="text-2xl">{tourStep.title}</DialogTitle>
              <DialogDescription className="mt-2">{tourStep.description}</DialogDescription>
            </>
          ) : (
            <>
              <DialogTitle className="text-2xl">You're ready to go viral</DialogTitle>
              <DialogDescription className="mt-2">
                Pick a trend and forge your first image, or jump straight into the 3D-animation look.
              </DialogDescription>
            </>
          )}

          <div className="mt-6 flex justify-center gap-1.5" aria-hidden>
            {Array.from({ length: last + 1 }, (_, i) => (
              <span key={i} className={cn('h-1.5 rounded-full transition-all', i === step ? 'w-6 bg-violet-400' : 'w-1.5 bg-white/15')} />
            ))}
          </div>

          {step === last ? (
            <div className="mt-7 grid gap-2">
              <Button size="lg" disabled={complete.isPending} data-testid="onboarding-start"
                onClick={() => void finish('/forge', START_CREATING_DELAY_MS)}>
                <Sparkles aria-hidden />
                Start Creating
              </Button>
              <Button variant="secondary" disabled={complete.isPending} data-testid="onboarding-first-trend"
                onClick={() => void finish(FIRST_TREND_PATH, FIRST_TREND_DELAY_MS)}>
                Try the 3D animation trend
              </Button>
            </div>
          ) : (
            <div className="mt-7 flex items-center justify-between gap-2">
              {step > 0 ? (
                <Button variant="ghost" size="sm" onClick={() => setStep((s) => s - 1)} data-testid="onboarding-back">
                  <ArrowLeft aria-hidden />
                  Back
                </Button>
              ) : (
                <span />
              )}
              <Button onClick={() => setStep((s) => Math.min(s + 1, last))} data-testid="onboarding-next">
                Next
                <ArrowRight aria-hidden />
              </Button>
            </div>
          )}
          <button type="button" onClick={skip} disabled={complete.isPending} data-testid="onboarding-skip"
            className="mt-4 text-xs text-subtle underline-offset-2 hover:text-muted hover:underline">
            Skip tour
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
