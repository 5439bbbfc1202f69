import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { referralCodeFromUrl } from '@/features/waitlist/referral-code';

/** The referral code of the link this browser came through, kept until an account is made with it. */
const STORAGE_KEY = 'trendforge.referral';

export function rememberReferral(code: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Private mode: the code rides along only while the page is open.
  }
}

export function rememberedReferral(): string | null {
  try {
    return referralCodeFromUrl(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

export function forgetReferral(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** Keeps any ?ref= code of the address (the landing, the waitlist, any page) for the sign-up form. */
export function useRememberReferral(): void {
  const { search } = useLocation();
  useEffect(() => {
    const code = referralCodeFromUrl(new URLSearchParams(search).get('ref'));
    if (code) rememberReferral(code);
  }, [search]);
}

/** A member's referral link: the landing page, where friends sign up, with the ref parameter. */
export function memberReferralLink(code: string, origin = window.location.origin): string {
  return `${origin}/?ref=${encodeURIComponent(code)}`;
}

/** "1 friend joined" / "3 friends joined". */
export const friendsJoinedText = (n: number) => `${n} ${n === 1 ? 'friend' : 'friends'} joined`;
