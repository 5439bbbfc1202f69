import { useForm, type Resolver } from 'react-hook-form';
import { ArrowRight, Loader2 } from 'lucide-react';
import { Button } from '@/ui/button';
import { FormField } from '@/ui/form-field';
import { Label } from '@/ui/label';
import { toast } from '@/ui/toast-store';
import { DEFAULT_INTEREST, INTEREST_LABELS, INTERESTS } from './content';
import { passesEmailCheck, toJoinPayload } from './payload';
import type { WaitlistFormInput, WaitlistFormValues } from './schema';
import { joinWaitlist, recordReferral } from './waitlist-api';

// The rules (zod, a good part of this page's script) load when the form is first touched or sent.
const loadRules = () => Promise.all([import('@hookform/resolvers/zod'), import('./schema')]);
const rulesResolver: Resolver<WaitlistFormInput, unknown, WaitlistFormValues> = async (values, context, options) => {
  const [{ zodResolver }, { waitlistSchema }] = await loadRules();
  return zodResolver(waitlistSchema)(values, context, options);
};

export interface Joined {
  referralCode: string;
  /** Friends who joined through this code so far. */
  referrals: number;
  count: number;
}

/** The join form: form → submitting → joined (an email already on the list is told so, and the form stays). */
export function JoinForm({ referredBy, onJoined }: { referredBy: string | null; onJoined: (joined: Joined) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<WaitlistFormInput, unknown, WaitlistFormValues>({
    resolver: rulesResolver,
    defaultValues: { name: '', email: '', interest: DEFAULT_INTEREST },
  });

  const onSubmit = async (values: WaitlistFormValues) => {
    const payload = toJoinPayload(values);
    if (!passesEmailCheck(payload.email)) {
      toast({ variant: 'destructive', title: 'Invalid email', description: 'Please enter a valid email address.' });
      return;
    }
    try {
      const joined = await joinWaitlist(payload);
      // An email already on the list gets no code back (whoever typed it may not own it): the form stays.
      if (joined.alreadyJoined === true || !joined.referralCode) {
        toast({ title: 'This email is already on our waitlist.' });
        return;
      }
      if (referredBy) await recordReferral(payload.email, referredBy);
      toast({ title: "You're on the waitlist!", description: "We'll notify you when you get early access." });
      onJoined({ referralCode: joined.referralCode, referrals: joined.referrals ?? 0, count: joined.count });
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      toast({ variant: 'destructive', title: 'Something went wrong', description: message || 'Please try again later.' });
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} onFocus={() => void loadRules()} noValidate className="grid gap-4" data-testid="waitlist-form" aria-busy={isSubmitting}>
      <FormField
        id="waitlist-name"
        label="Name"
        autoComplete="name"
        placeholder="Your name"
        error={errors.name?.message}
        data-testid="waitlist-name"
        {...register('name')}
      />
      <FormField
        id="waitlist-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        data-testid="waitlist-email"
        {...register('email')}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="waitlist-interest">Which style are you most excited about?</Label>
        <div className="relative">
          <select
            id="waitlist-interest"
            data-testid="waitlist-interest"
            className="h-11 w-full appearance-none rounded-xl border border-border-strong bg-surface-2/80 px-3.5 pr-10 text-sm text-foreground outline-none transition-[border-color,box-shadow] focus-visible:border-primary focus-visible:ring-4 focus-visible:ring-primary/20"
            {...register('interest')}
          >
            {INTERESTS.map((value) => (
              <option key={value} value={value}>
                {INTEREST_LABELS[value]}
              </option>
            ))}
          </select>
          <svg aria-hidden viewBox="0 0 20 20" className="pointer-events-none absolute right-3.5 top-1/2 size-4 -translate-y-1/2 text-muted" fill="currentColor">
            <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
          </svg>
        </div>
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting} data-testid="waitlist-submit" className="mt-1 w-full">
        {isSubmitting ? (
          <>
            <Loader2 className="animate-spin" aria-hidden />
            Joining...
          </>
        ) : (
          <>
            Join the Waitlist
            <ArrowRight aria-hidden />
          </>
        )}
      </Button>
      <p className="text-center text-xs text-muted">No spam. We’ll only email you about early access.</p>
    </form>
  );
}
