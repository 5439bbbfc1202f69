import { useQuery } from '@tanstack/react-query';
import { api, data, type ApiAnswer } from '@/lib/api-client';
import type { Role } from '@/lib/types';

/** The plans sold through checkout, and their monthly prices (spec part 1 section 6, the membership options). */
export const PAID_PLANS = ['basic', 'pro'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
export const PLAN_PRICES: Record<Exclude<Role, 'admin'>, string | null> = {
  free: '$0',
  basic: '$9.99',
  pro: '$19.99',
  // Not sold online: an admin sets it.
  pro_unlimited: null,
};

export const isPaidPlan = (value: unknown): value is PaidPlan => PAID_PLANS.includes(value as PaidPlan);

/** GET /api/billing/status: whether payments are configured here, and the member's subscription. */
export type PaymentsStatus = ApiAnswer<'/api/billing/status', 'get'>;

export const paymentsStatusKey = ['/api/billing/status'] as const;

export function usePaymentsStatus(options: { refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: paymentsStatusKey,
    queryFn: () => data(api.GET('/api/billing/status')),
    staleTime: 30_000,
    refetchInterval: options.refetchInterval,
  });
}

/** Sends the browser to a page the server named (the provider's checkout or portal), never anything but http(s). */
function goTo(url: unknown): void {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) throw new Error('The payment page could not be opened. Please try again.');
  window.location.assign(url);
}

/** POST /api/billing/checkout, then off to the provider's checkout page (or its portal for someone already paying). */
export async function startCheckout(plan: PaidPlan): Promise<void> {
  goTo((await data(api.POST('/api/billing/checkout', { body: { plan } }))).url);
}

/** POST /api/billing/portal, then off to the provider's customer portal (cancel, change plan, card). */
export async function openPortal(): Promise<void> {
  goTo((await data(api.POST('/api/billing/portal'))).url);
}

/** The texts of the payment screens. */
export const BillingTexts = {
  notConfigured: 'Payments are not configured on this installation',
  noPaymentsTitle: 'Plans are changed by an admin here',
  noPaymentsHint: 'This installation takes no payments, so nothing can be bought or charged. To move to another plan, ask an admin.',
  earnCredits: 'Earn 3 free credits for every friend who joins through your referral link',
  askAdmin: (plan: string) => `Ask an admin to move you to ${plan}`,
  pricesFootnote: 'Prices in US dollars, billed monthly.',
  manageFootnote: 'Cancel or change your plan any time with Manage subscription, above.',
  subscribeFootnote: 'Once you subscribe, Manage subscription appears here to change or cancel your plan.',
  noPaymentsFootnote: 'Prices are those of the plans where payments are taken; on this installation an admin sets your plan.',
  creditsVsGenerations: 'Credits pay for premium trends; every render, premium or not, uses one of the plan’s monthly generations.',
  confirming: 'Confirming your payment…',
  confirmingSlow: 'Your payment is still being confirmed. This page updates as soon as it is; you can also come back in a minute.',
  cancelled: 'Checkout cancelled. You have not been charged.',
  checkoutFailed: 'Checkout failed',
  portalFailed: 'Could not open the subscription portal',
} as const;
