import { z } from 'zod';
import type { WaitlistInterest } from '@trendforge/contracts';
import { DEFAULT_INTEREST, INTERESTS } from './content';

/** Spec part 1 section 5. */
export const NAME_MESSAGE = 'Name must be at least 2 characters.';
export const EMAIL_MESSAGE = 'Please enter a valid email address.';
// Kept apart from zod so the form can load zod only when it first validates.
export { passesEmailCheck, toJoinPayload } from './payload';

/** The field's own check: one "@" between non-blank parts. The full pattern is the form's extra check (a toast). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

export const waitlistSchema = z.object({
  name: z.string().trim().min(2, NAME_MESSAGE),
  email: z.string().trim().regex(EMAIL_SHAPE, EMAIL_MESSAGE),
  interest: z.enum(INTERESTS as [WaitlistInterest, ...WaitlistInterest[]]).optional().default(DEFAULT_INTEREST),
});

export type WaitlistFormInput = z.input<typeof waitlistSchema>;
export type WaitlistFormValues = z.output<typeof waitlistSchema>;
