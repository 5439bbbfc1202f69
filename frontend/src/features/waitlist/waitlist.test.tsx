import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as toasts from '@/ui/toast-store';
import { JoinForm } from './JoinForm';
import { referralCodeFromUrl } from './referral-code';
import { toJoinPayload, waitlistSchema } from './schema';
import { groupThousands } from './sections';
import { referralLink } from './waitlist-api';

describe('waitlist form rules', () => {
  it('uses the spec messages', () => {
    const result = waitlistSchema.safeParse({ name: ' A ', email: 'nope' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => [i.path[0], i.message]);
    expect(messages).toEqual([['name', 'Name must be at least 2 characters.'], ['email', 'Please enter a valid email address.']]);
  });

  it('defaults the interest to pixar, refuses unknown ones, and sends the email trimmed and lower-cased', () => {
    const parsed = waitlistSchema.parse({ name: 'Ada', email: '  Ada@Example.COM ' });
    expect(toJoinPayload(parsed)).toEqual({ name: 'Ada', email: 'ada@example.com', interest: 'pixar' });
    expect(waitlistSchema.safeParse({ name: 'Ada', email: 'ada@example.com', interest: 'cats' }).success).toBe(false);
    expect(waitlistSchema.parse({ name: 'Ada', email: 'ada@example.com', interest: 'ghibli' }).interest).toBe('ghibli');
  });

  it('groups the waitlist count by thousands as en-US does', () => {
    expect([0, 487, 1000, 12914, 1234567].map(groupThousands)).toEqual(['0', '487', '1,000', '12,914', '1,234,567']);
  });

  it('reads ?ref= only when it is a referral code', () => {
    expect([referralCodeFromUrl('abc234'), referralCodeFromUrl('ABC10O'), referralCodeFromUrl(null), referralCodeFromUrl('ABCDEFG')]).toEqual(['ABC234', null, null, null]);
    expect(referralLink('ABC234', 'https://trendforge.app')).toBe('https://trendforge.app/waitlist?ref=ABC234');
  });
});

describe('JoinForm', () => {
  let toast: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    toast = vi.spyOn(toasts, 'toast');
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function fill(name: string, email: string) {
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: name } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
  }

  it('shows the validation texts and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<JoinForm referredBy={null} onJoined={() => {}} />);
    fill('A', 'not-an-email');
    expect(await screen.findByText('Name must be at least 2 characters.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an address that fails the extra email check gets the "Invalid email" toast, no field message, and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<JoinForm referredBy={null} onJoined={() => {}} />);
    fill('Ada Lovelace', 'ada@localhost');
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ variant: 'destructive', title: 'Invalid email', description: 'Please enter a valid email address.' }));
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('joins, records the referral, toasts and hands over the code', async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url === '/api/waitlist'
        ? new Response(JSON.stringify({ success: true, referralCode: 'XYZ789', referrals: 0, count: 488 }), { status: 201 })
        : new Response(JSON.stringify({ success: true, referralCode: 'ABC234', referrals: 1 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const onJoined = vi.fn();
    render(<JoinForm referredBy="ABC234" onJoined={onJoined} />);
    fill('Ada Lovelace', ' Ada@Example.com ');
    await waitFor(() => expect(onJoined).toHaveBeenCalledWith({ referralCode: 'XYZ789', referrals: 0, count: 488 }));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', interest: 'pixar' });
    expect(fetchMock.mock.calls[1][0]).toBe('/api/waitlist/referral');
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({ email: 'ada@example.com', referralCode: 'ABC234' });
    expect(toast).toHaveBeenCalledWith({ title: "You're on the waitlist!", description: "We'll notify you when you get early access." });
  });

  it('an email already on the list gets its message (no code: whoever typed it may not own it), and records no referral', async () => {
    const fetchMock = vi.fn(async () =>
      new Response(JSON.stringify({ success: true, alreadyJoined: true, referralCode: null, referrals: 0, count: 490 }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const onJoined = vi.fn();
    render(<JoinForm referredBy="ABC234" onJoined={onJoined} />);
    fill('Ada', 'ada@example.com');
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'This email is already on our waitlist.' }));
    expect(onJoined).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('other failures show the server text, or the fallbacks', async () => {
    vi.stubGlobal('fetch', vi.fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ success: false, error: 'Too many sign-ups from your network. Please try again in 5 minutes.' }), { status: 429 }))
      .mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 })));
    const onJoined = vi.fn();
    render(<JoinForm referredBy={null} onJoined={onJoined} />);
    fill('Ada', 'ada@example.com');
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ variant: 'destructive', title: 'Something went wrong', description: 'Too many sign-ups from your network. Please try again in 5 minutes.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ variant: 'destructive', title: 'Something went wrong', description: 'Failed to join waitlist' }));
    expect(onJoined).not.toHaveBeenCalled();
  });
});
