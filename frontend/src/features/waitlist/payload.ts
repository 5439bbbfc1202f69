import type { WaitlistFormValues } from './schema';

/** The extra pattern check the form runs before sending (a toast, not a field message). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What POST /api/waitlist receives: the email trimmed and lower-cased. */
export function toJoinPayload(values: WaitlistFormValues) {
  return { name: values.name.trim(), email: values.email.trim().toLowerCase(), interest: values.interest };
}
