import { isValidEmail, normalizeEmail } from '@trendforge/contracts';
import type { WaitlistFormValues } from './schema';

/** The extra email check the form runs before sending (a toast, not a field message): the server's rule. */
export const passesEmailCheck = (normalizedEmail: string) => isValidEmail(normalizedEmail);

/** What POST /api/waitlist receives: the email trimmed and lower-cased as the server stores it. */
export function toJoinPayload(values: WaitlistFormValues) {
  return { name: values.name.trim(), email: normalizeEmail(values.email), interest: values.interest };
}
