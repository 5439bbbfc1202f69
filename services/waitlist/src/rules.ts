import { randomInt } from 'node:crypto';
import {
  DefaultWaitlistInterest, ErrorCode, isValidEmail, makeReferralCode, normalizeEmail, ReferralCodePattern,
  WaitlistInterests, type WaitlistInterest,
} from '@trendforge/contracts';
import { fail } from '@trendforge/platform';

/** Texts people see (spec part 1 sections 5 and 8) plus the limits the spec leaves open. */
export const WaitlistMessages = {
  nameTooShort: 'Name must be at least 2 characters.',
  nameTooLong: 'Name must be at most 80 characters.',
  invalidEmail: 'Please enter a valid email address.',
  invalidInterest: `Interest must be one of ${WaitlistInterests.join(', ')}.`,
  invalidReferralCode: 'Referral codes are 6 characters: letters and digits without I, O, 0 and 1.',
  unknownReferralCode: 'This referral code does not exist.',
  notOnWaitlist: 'This email is not on our waitlist.',
  selfReferral: 'You cannot refer yourself.',
  alreadyReferred: 'This entry already has a referrer.',
  referralTooLate: 'Referrals can only be recorded right after joining.',
  tooManyJoins: (minutes: number) => `Too many sign-ups from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

export const NameLength = { min: 2, max: 80 } as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function validEmail(value: unknown): string {
  const email = normalizeEmail(value);
  if (!isValidEmail(email)) fail(ErrorCode.BadRequest, WaitlistMessages.invalidEmail);
  return email;
}

export interface Joining {
  name: string;
  email: string;
  interest: WaitlistInterest;
}

/** The join form's rules, in the order the form shows them; BAD_REQUEST with the first broken one. */
export function validateJoin(input: { name?: unknown; email?: unknown; interest?: unknown }): Joining {
  const name = text(input.name).trim();
  if (name.length < NameLength.min) fail(ErrorCode.BadRequest, WaitlistMessages.nameTooShort);
  if (name.length > NameLength.max) fail(ErrorCode.BadRequest, WaitlistMessages.nameTooLong);
  const email = validEmail(input.email);
  const interest = input.interest === undefined || input.interest === null || input.interest === '' ? DefaultWaitlistInterest : input.interest;
  if (!WaitlistInterests.includes(interest as WaitlistInterest)) fail(ErrorCode.BadRequest, WaitlistMessages.invalidInterest);
  return { name, email, interest: interest as WaitlistInterest };
}

/** A referral code as typed or pasted: upper-cased and checked against the alphabet. */
export function validReferralCode(value: unknown): string {
  const code = text(value).trim().toUpperCase();
  if (!ReferralCodePattern.test(code)) fail(ErrorCode.BadRequest, WaitlistMessages.invalidReferralCode);
  return code;
}

/** A fresh code from the CSPRNG; uniqueness is the database's job (unique index + retry). */
export const newReferralCode = (): string => makeReferralCode(randomInt);
