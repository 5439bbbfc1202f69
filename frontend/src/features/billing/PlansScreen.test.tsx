import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import type { User } from '@/lib/types';
import { AuthProvider } from '@/features/auth/auth-context';
import { BillingTexts, type PaymentsStatus } from './billing-api';
import { PlansScreen } from './PlansScreen';

const member: User = {
  id: 'u1', username: 'viralcat', email: 'cat@example.com', avatar: null, firstName: 'Cat', lastName: 'Meow', role: 'free',
  credits: 3, monthlyUsage: 0, emailNotifications: true, highQualityGeneration: false, hasOnboarded: true, favoriteTrends: [],
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const configured: PaymentsStatus = { configured: true, canManage: false, subscription: null };

let assign: ReturnType<typeof vi.fn>;

/** The plan page at `path`; `server` answers the member, the payment status and the checkout/portal calls. */
function renderPlans(path: string, server: { me?: () => User; status?: () => PaymentsStatus; post?: (url: string, body: unknown) => Response }) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/auth/me')) return json(server.me?.() ?? member);
    if (url.endsWith('/api/billing/status')) return json(server.status?.() ?? configured);
    return server.post?.(url, init?.body ? JSON.parse(String(init.body)) : undefined) ?? json({ message: 'unexpected' }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          <PlansScreen />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('PlansScreen', () => {
  it('shows the four plans with their prices, and sends an upgrade to the provider\'s checkout', async () => {
    const posts: Array<[string, unknown]> = [];
    renderPlans('/settings/subscription', {
      post: (url, body) => {
        posts.push([url, body]);
        return json({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
      },
    });
    const pro = await screen.findByTestId('upgrade-pro', {}, { timeout: 5000 });
    expect(pro).toBeEnabled();
    expect(screen.getByTestId('plan-tile-basic')).toHaveTextContent('$9.99 per month');
    expect(screen.getByTestId('plan-tile-pro')).toHaveTextContent('$19.99 per month');
    // Pro Unlimited is not sold online: the tile says how to get it.
    expect(screen.getByTestId('plan-tile-pro_unlimited')).toHaveTextContent('On request');
    expect(screen.getByTestId('ask-admin-pro_unlimited')).toHaveTextContent('Ask an admin to move you to Pro Unlimited');
    expect(screen.getByTestId('credits-vs-generations')).toHaveTextContent('Credits pay for premium trends');
    // Each tile's credits line speaks of credits, its perks of generations: Pro Unlimited's said "Unlimited generations".
    expect(screen.getByTestId('plan-tile-basic')).toHaveTextContent('Credits: 25 credits per month');
    expect(screen.getByTestId('plan-tile-pro')).toHaveTextContent('Credits: 100 credits per month');
    expect(screen.getByTestId('plan-tile-pro_unlimited')).toHaveTextContent('Credits: none added monthly; premium trends use your balance');
    expect(screen.getByTestId('plan-tile-pro_unlimited')).toHaveTextContent('Unlimited generations');
    expect(screen.getByTestId('plans-footnote')).not.toHaveTextContent('Cancel or change your plan any time');
    expect(screen.getByTestId('plan-tile-free')).toHaveTextContent('Current');
    fireEvent.click(pro);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(posts).toEqual([['/api/billing/checkout', { plan: 'pro' }]]);
  });

  it('without payments, offers nothing to buy and says what the member can do instead', async () => {
    renderPlans('/settings/subscription?plan=pro', { status: () => ({ configured: false, canManage: false, subscription: null }) });
    const notice = await screen.findByTestId('payments-not-configured');
    expect(notice).toHaveTextContent(BillingTexts.noPaymentsTitle);
    expect(notice).toHaveTextContent('ask an admin');
    expect(screen.getByTestId('plans-earn-credits')).toHaveAttribute('href', '/settings#referrals');
    // No button for a purchase that cannot be made, disabled or not.
    expect(screen.queryByRole('button', { name: /Upgrade to/ })).toBeNull();
    for (const plan of ['basic', 'pro', 'pro_unlimited']) {
      expect(screen.getByTestId(`ask-admin-${plan}`)).toHaveTextContent('Ask an admin to move you to');
    }
    // No footnote pointing at a Manage subscription control the page does not have.
    expect(screen.getByTestId('plans-footnote')).not.toHaveTextContent('Manage subscription');
    expect(screen.queryByTestId('manage-subscription')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes straight to checkout when an Upgrade to Pro button sent the member here', async () => {
    renderPlans('/settings/subscription?plan=pro', { post: () => json({ url: 'https://checkout.stripe.com/c/pay/cs_test_2' }) });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_2'));
  });

  it('opens the customer portal for a member who pays', async () => {
    renderPlans('/settings/subscription', {
      me: () => ({ ...member, role: 'pro' }),
      status: () => ({ configured: true, canManage: true, subscription: { plan: 'pro', status: 'active' } }),
      post: (url) => json({ url: url.endsWith('/portal') ? 'https://billing.stripe.com/p/session/1' : 'wrong' }),
    });
    fireEvent.click(await screen.findByTestId('manage-subscription'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/1'));
    expect(screen.queryByTestId('upgrade-pro')).toBeNull();
  });

  it('back from checkout, waits for the plan to change before saying it did', async () => {
    // The page reads again on each tick of its poll: the test moves that clock itself.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let paid = false;
    renderPlans('/settings/subscription?checkout=success&session_id=cs_test_3', {
      me: () => ({ ...member, role: paid ? 'pro' : 'free' }),
      status: () => (paid ? { configured: true, canManage: true, subscription: { plan: 'pro', status: 'active' } } : configured),
    });
    expect(await screen.findByTestId('checkout-confirming')).toHaveTextContent(BillingTexts.confirming);
    expect(screen.queryByTestId('checkout-confirmed')).toBeNull();
    paid = true; // the webhook has been applied
    act(() => vi.advanceTimersToNextTimer());
    expect(await screen.findByTestId('checkout-confirmed')).toHaveTextContent("You're now on Pro");
  });

  it('says a cancelled checkout charged nothing', async () => {
    renderPlans('/settings/subscription?checkout=cancelled', {});
    expect(await screen.findByTestId('checkout-cancelled')).toHaveTextContent(BillingTexts.cancelled);
  });
});
