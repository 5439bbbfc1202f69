import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import WaitlistPage from '@/pages/WaitlistPage';
import { rememberedReferral, rememberReferral } from '@/features/referral/referral-ref';
import JoinedOverlay from './JoinedOverlay';

/** The waitlist page at `path`, against a server that knows the codes in `known`. */
function renderWaitlist(path: string, known: string[]) {
  const fetchMock = vi.fn(async (url: string) => {
    const check = /^\/api\/referrals\/([^/]+)$/.exec(url);
    if (check) return new Response(JSON.stringify({ success: true, valid: known.includes(decodeURIComponent(check[1])) }), { status: 200 });
    return new Response(JSON.stringify({ success: true, count: 500 }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/waitlist" element={<WaitlistPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('the waitlist invitation (?ref=)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows "Invited with code" only once the server knows the code', async () => {
    const fetchMock = renderWaitlist('/waitlist?ref=abc234', ['ABC234']);
    expect(await screen.findByTestId('referred-by')).toHaveTextContent('Invited with code ABC234');
    expect(screen.queryByTestId('invalid-referral')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/referrals/ABC234', expect.anything());
  });

  it('tells the visitor an unknown code is not valid, and forgets it for the sign-up form', async () => {
    rememberReferral('ABCDEF');
    renderWaitlist('/waitlist?ref=ABCDEF', []);
    expect(await screen.findByTestId('invalid-referral')).toHaveTextContent('The referral code ABCDEF is not valid. You can still join without it.');
    expect(screen.queryByTestId('referred-by')).toBeNull();
    await waitFor(() => expect(rememberedReferral()).toBeNull());
  });

  it('tells the visitor a malformed code is not valid without asking the server', async () => {
    const fetchMock = renderWaitlist('/waitlist?ref=ABC10O', []);
    expect(await screen.findByTestId('invalid-referral')).toHaveTextContent('The referral code ABC10O is not valid.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/referrals/'))).toBe(false);
  });
});

describe('the joined overlay', () => {
  it('shows the referral link and how many friends joined', () => {
    render(<JoinedOverlay open joined={{ referralCode: 'KEPT23', referrals: 1, count: 490 }} onClose={() => {}} />);
    expect(screen.getByTestId('referral-link')).toHaveValue(`${window.location.origin}/waitlist?ref=KEPT23`);
    expect(screen.getByTestId('friends-joined')).toHaveTextContent('1 friend joined');
    expect(screen.getByText("We'll notify you when you get early access.")).toBeInTheDocument();
  });
});
