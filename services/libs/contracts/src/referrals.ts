/** Referral credits (DESIGN.md section 2, "Referrals"): a new account that registers through a referral link gives its referrer credits once. */
import { ReferralCodeAlphabet, ReferralCodeLength } from './waitlist.js';

/** Credits a referrer gets per new account registered through their link (the waitlist page's promise). */
export const ReferralCredits = 3;

/** Referrals paid to one member per calendar month (UTC); later ones in the month are settled unpaid. */
export const ReferralsPaidPerMonth = 10;

/** Published by auth when an account registered through someone's referral link; event id `user.referred:<userId>`. */
export interface UserReferredEvent {
  /** The new account. */
  userId: string;
  /** The member whose link it was (never the new account itself). */
  referrerId: string;
  /** The code the link carried (a member's or a waitlist entry's). */
  code: string;
}

/** What a member sees of their referrals: their code and how many friends registered through it. */
export interface ReferralSummary {
  referralCode: string;
  friendsJoined: number;
  creditsEarned: number;
}

/** GET /api/waitlist/referral/:code — whether a ?ref= code belongs to anyone (nothing else is told). */
export interface ReferralCodeCheck {
  success: true;
  valid: boolean;
}

/** A referral code from a random source (`pick(n)` answers 0..n-1; servers pass crypto's randomInt); uniqueness is the database's job. */
export function makeReferralCode(pick: (max: number) => number): string {
  let code = '';
  for (let i = 0; i < ReferralCodeLength; i += 1) code += ReferralCodeAlphabet[pick(ReferralCodeAlphabet.length)];
  return code;
}
