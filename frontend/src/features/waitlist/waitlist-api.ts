import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { forgetReferral, rememberedReferral } from '@/features/referral/referral-ref';
import type { ReferralCodeCheck, WaitlistCount, WaitlistJoined } from '@trendforge/contracts';
import { referralCodeFromUrl } from './referral-code';

export const WAITLIST_COUNT_KEY = ['/api/waitlist/count'] as const;

/** POST /api/waitlist. A failed answer carries an `error` field (spec part 1 section 7). */
export async function joinWaitlist(payload: { name: string; email: string; interest: string }): Promise<WaitlistJoined> {
  const res = await fetch('/api/waitlist', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
    credentials: 'include',
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
    throw new Error(typeof body?.error === 'string' && body.error ? body.error : 'Failed to join waitlist');
  }
  return (await res.json()) as WaitlistJoined;
}

/** POST /api/waitlist/referral: this email joined through `referralCode`. Failure is only logged. */
export async function recordReferral(email: string, referralCode: string): Promise<void> {
  try {
    const res = await fetch('/api/waitlist/referral', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, referralCode }),
      credentials: 'include',
    });
    if (!res.ok) console.error('Failed to record referral', res.status, await res.text().catch(() => ''));
  } catch (error) {
    console.error('Failed to record referral', error);
  }
}

export type { WaitlistCount };

/** The page origin plus /waitlist with the ref parameter (spec part 1 section 3). */
export function referralLink(code: string, origin = window.location.origin): string {
  return `${origin}/waitlist?ref=${encodeURIComponent(code)}`;
}

/** Copies text, falling back to a hidden textarea where the Clipboard API is refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

/** GET /api/referrals/:code — whether a ?ref= code belongs to a member or a waitlist entry. */
export async function checkReferralCode(code: string): Promise<boolean> {
  const res = await fetch(`/api/referrals/${encodeURIComponent(code)}`, { credentials: 'include' });
  if (!res.ok) throw new Error(`Referral code check failed: ${res.status}`);
  return ((await res.json()) as ReferralCodeCheck).valid;
}

export type ReferralInvite =
  | { status: 'none' }
  | { status: 'checking' | 'valid'; code: string }
  | { status: 'invalid'; code: string };

/**
 * The invitation of a ?ref= value: a code that matches nobody (or is not a code at all) is invalid,
 * and the page joins without it; while the check runs, or when it fails, the code is kept.
 */
export function useReferralInvite(ref: string | null): ReferralInvite {
  const raw = ref?.trim() ?? '';
  const code = referralCodeFromUrl(raw);
  const check = useQuery({ queryKey: ['/api/referrals', code], queryFn: () => checkReferralCode(code!), enabled: code !== null, staleTime: Infinity, retry: 1 });
  // A code that matches nobody is not carried on to the sign-up form either.
  useEffect(() => {
    if (code && check.data === false && rememberedReferral() === code) forgetReferral();
  }, [code, check.data]);
  if (!raw) return { status: 'none' };
  if (!code) return { status: 'invalid', code: raw.slice(0, 12) };
  if (check.data === false) return { status: 'invalid', code };
  return { status: check.data === true ? 'valid' : 'checking', code };
}
