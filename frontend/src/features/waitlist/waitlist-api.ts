import type { WaitlistCount, WaitlistJoined } from '@trendforge/contracts';

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

const storageKey = (email: string) => `trendforge.waitlist.${email}`;

/** This browser remembers the code it was given, so a repeated sign-up can show the link again. */
export function rememberCode(email: string, code: string): void {
  try {
    localStorage.setItem(storageKey(email), code);
  } catch {
    // Private mode: nothing to remember with.
  }
}

export function rememberedCode(email: string): string | null {
  try {
    return localStorage.getItem(storageKey(email));
  } catch {
    return null;
  }
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
