/** Upgrading through the payment provider (DESIGN.md section 2, "Upgrades"); billing owns it. */

/** The plans a member can buy (spec part 1 section 6: the waitlist's membership prices). */
export const PaidPlans = ['basic', 'pro'] as const;
export type PaidPlan = (typeof PaidPlans)[number];

/** Monthly prices in US cents: Basic $9.99, Pro $19.99. */
export const PlanPriceCents: Record<PaidPlan, number> = { basic: 999, pro: 1999 };

/** Credits each paid month brings (spec part 1 section 6: "Basic = 25 credits per month", "Pro = 100 credits per month"). */
export const PlanMonthlyCredits: Record<PaidPlan, number> = { basic: 25, pro: 100 };

/** What the settings screens need to know about paying. */
export interface PaymentsStatus {
  /** False without STRIPE_SECRET_KEY: the screens say payments are not configured; nothing charges. */
  configured: boolean;
  /** Whether the member has a customer record with the provider, so the customer portal can open. */
  canManage: boolean;
  /** The member's subscription as the provider last told us (null: none). */
  subscription: { plan: PaidPlan | null; status: string } | null;
}

/** A page of the provider's (checkout or customer portal) to send the browser to. */
export interface PaymentRedirect {
  url: string;
}

declare module './messages.js' {
  interface MessageMap {
    /** Whether payments are configured, and the member's subscription when userId is given. */
    'billing.payments': { req: { userId: string }; res: PaymentsStatus };
    /**
     * A checkout for `plan` (BAD_REQUEST otherwise); `returnUrl` is the page the provider sends the
     * browser back to (with `?checkout=success` or `?checkout=cancelled`). A member who already pays
     * gets the customer portal instead, where plans are changed. UNAVAILABLE when not configured.
     */
    'billing.checkout': { req: { userId: string; email: string; plan: string; returnUrl: string }; res: PaymentRedirect };
    /** The provider's customer portal (cancel, change plan, payment method); NOT_FOUND without a customer. */
    'billing.portal': { req: { userId: string; returnUrl: string }; res: PaymentRedirect };
    /**
     * A webhook exactly as received: the raw body and its signature header. Verified, then applied
     * once per event id; BAD_REQUEST for a bad signature (nothing applied).
     */
    'billing.webhook': { req: { payload: string; signature: string }; res: { received: true; applied: boolean } };
  }
}
