import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { forgetReferral, rememberedReferral } from '@/features/referral/referral-ref';
import type { WaitlistCount, WaitlistJoined } from '@trendforge/contracts';
import { isApiError, type ApiError } from '@/lib/api';
import { api, data } from '@/lib/api-client';
import { referralCodeFromUrl } from './referral-code';

export const WAITLIST_COUNT_KEY = ['/api/waitlist/count'] as const;

/** The `error` field of a failed waitlist answer (spec part 1 section 7). */
function waitlistError(error: ApiError): string | undefined {
  const field = error.body && typeof error.body === 'object' && 'error' in error.body ? error.body.error : undefined;
  return typeof field === 'string' && field ? field : undefined;
}

/** POST /api/waitlist. A failed answer carries an `error` field (spec part 1 section 7). */
export async function joinWaitlist(payload: { name: string; email: string; interest: string }): Promise<WaitlistJoined> {
  try {
    return await data(api.POST('/api/waitlist', { body: payload }));
  } catch (error) {
    if (!isApiError(error)) throw error;
    throw new Error(waitlistError(error) ?? 'Failed to join waitlist', { cause: error });
  }
}

/** POST /api/waitlist/referral: this email joined through `referralCode`. Failure is only logged. */
export async function recordReferral(email: string, referralCode: string): Promise<void> {
  try {
    await api.POST('/api/waitlist/referral', { body: { email, referralCode } });
  } catch (error) {
    if (isApiError(error)) console.error('Failed to record referral', error.status, typeof error.body === 'string' ? error.body : JSON.stringify(error.body));
    else console.error('Failed to record referral', error);
  }
}

/** GET /api/waitlist/count */
export function fetchWaitlistCount(): Promise<WaitlistCount> {
  return data(api.GET('/api/waitlist/count'));
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
  try {
    return (await data(api.GET('/api/referrals/{code}', { params: { path: { code } } }))).valid;
  } catch (error) {
    throw isApiError(error) ? new Error(`Referral code check failed: ${error.status}`, { cause: error }) : error;
  }
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
