import { randomUUID } from 'node:crypto';
import { startServiceSuite, type ServiceSuite } from '@trendforge/testing';

/** The billing service on its own suite database, Redis namespace and bus. */
export function startBillingSuite(): Promise<ServiceSuite> {
  return startServiceSuite('billing', 'billing', async (env) => {
    const [{ BillingModule }, { loadBillingConfig }] = await Promise.all([import('../src/billing.module.js'), import('../src/config.js')]);
    return BillingModule.forRoot(loadBillingConfig(env));
  });
}

/** Charges a generation (a new one unless named). */
export const chargeOn = (stack: ServiceSuite) => (userId: string, credits: number, generationId: string = randomUUID()) =>
  stack.bus.send('billing.charge', { userId, generationId, credits });
