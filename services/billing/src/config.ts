import { z } from 'zod';
import { coreEnv, databaseEnv, healthEnv, loadConfig } from '@trendforge/platform';

// An empty variable (e.g. `STRIPE_SECRET_KEY=` in a Secret) means unset.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** Payments through Stripe (payments/stripe-provider.ts); without a secret key nothing charges. */
const stripeEnv = z.object({
  STRIPE_SECRET_KEY: optional(z.string()),
  /** The signing secret of the webhook endpoint (POST /api/billing/webhook); required with a key. */
  STRIPE_WEBHOOK_SECRET: optional(z.string()),
  /** Another Stripe API origin, e.g. a local server speaking Stripe's wire format in tests. */
  STRIPE_API_BASE: optional(z.url({ protocol: /^https?$/ })),
}).refine((env) => !env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET, {
  message: 'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (webhooks are verified by signature)',
  path: ['STRIPE_WEBHOOK_SECRET'],
});

export const billingEnv = coreEnv.and(databaseEnv).and(healthEnv(3104)).and(stripeEnv);
export type BillingConfig = ReturnType<typeof loadBillingConfig>;
export const loadBillingConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(billingEnv, env);
