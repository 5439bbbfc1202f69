import { z } from 'zod';
import type { WaitlistInterest } from '@trendforge/contracts';
import { DEFAULT_INTEREST, INTERESTS } from './content';

/** Spec part 1 section 5. */
export const NAME_MESSAGE = 'Name must be at least 2 characters.';
export const EMAIL_MESSAGE = 'Please enter a valid email address.';
/** The extra pattern check the form runs before sending (a toast, not a field message). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const waitlistSchema = z.object({
  name: z.string().trim().min(2, NAME_MESSAGE),
  email: z.string().trim().email(EMAIL_MESSAGE),
  interest: z.enum(INTERESTS as [WaitlistInterest, ...WaitlistInterest[]]).optional().default(DEFAULT_INTEREST),
});

export type WaitlistFormInput = z.input<typeof waitlistSchema>;
export type WaitlistFormValues = z.output<typeof waitlistSchema>;

/** What POST /api/waitlist receives: the email trimmed and lower-cased. */
export function toJoinPayload(values: WaitlistFormValues) {
  return { name: values.name.trim(), email: values.email.trim().toLowerCase(), interest: values.interest };
}
