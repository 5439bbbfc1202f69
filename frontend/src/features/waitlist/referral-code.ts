/** Same alphabet as the server: uppercase letters and digits without I, O, 0 and 1, 6 characters. */
const REFERRAL_CODE = /^[A-HJ-NP-Z2-9]{6}$/;

/** The ?ref= value as a referral code, or null when it is missing or not a code. */
export function referralCodeFromUrl(value: string | null): string | null {
  const code = value?.trim().toUpperCase() ?? '';
  return REFERRAL_CODE.test(code) ? code : null;
}
