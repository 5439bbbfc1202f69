/** The waitlist (spec part 1 sections 3, 5, 7, 8, 9) as the service, the gateway and the SPA see it. */

/** What a newcomer is most excited about; `pixar` when not given. */
export const WaitlistInterests = ['pixar', 'ghibli', 'barbie', 'collectible', 'simpsons', 'disney', 'other'] as const;
export type WaitlistInterest = (typeof WaitlistInterests)[number];
export const DefaultWaitlistInterest: WaitlistInterest = 'pixar';

/** Referral codes: 6 characters, uppercase letters and digits without I, O, 0 and 1. */
export const ReferralCodeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ReferralCodeLength = 6;
export const ReferralCodePattern = /^[A-HJ-NP-Z2-9]{6}$/;

/** POST /api/waitlist {name, email, interest}. */
export interface WaitlistJoinInput {
  name: string;
  email: string;
  interest?: string;
}

/**
 * The answer to a join: the newcomer's own referral code, how many friends joined through it and the
 * size of the list. An email already on the list answers its code again with `alreadyJoined` (the
 * code is made to be shared, and the duplicate message already tells that the email is listed).
 */
export interface WaitlistJoined {
  success: true;
  /** The new entry's code; null when the email was on the list already (never told to whoever typed it). */
  referralCode: string | null;
  count: number;
  referrals: number;
  alreadyJoined?: boolean;
}

/** POST /api/waitlist/referral {email, referralCode}: the entry `email` joined through `referralCode`. */
export interface WaitlistReferralInput {
  email: string;
  referralCode: string;
}

/**
 * The referral is recorded. Only the code that was sent comes back: how many people joined through
 * it is its owner's to know, not that of whoever posts an email and a code (issue 30).
 */
export interface WaitlistReferralRecorded {
  success: true;
  referralCode: string;
}

/** GET /api/waitlist/count. */
export interface WaitlistCount {
  success: true;
  count: number;
}
