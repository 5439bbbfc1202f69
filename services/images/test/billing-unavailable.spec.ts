import { randomUUID } from 'node:crypto';
import { TemporarilyUnavailable } from '@trendforge/contracts';
import { startServiceUnderTest, type ServiceUnderTest } from '@trendforge/testing';
import { startImagesStack, type ImagesStack } from './support.js';

/**
 * Billing briefly unavailable while a generation needs its answer (a member seen for the first
 * time: billing opens the account and charges): the request is answered "briefly unavailable"
 * (Retry-After), the generation waits instead of failing, and the same key sent again once billing
 * is back is that generation, charged once and queued.
 */
describe('images service: billing briefly unavailable', () => {
  let stack: ImagesStack;
  let billingAgain: ServiceUnderTest | undefined;

  beforeAll(async () => {
    stack = await startImagesStack('images-billing-down');
  });

  afterAll(async () => {
    await billingAgain?.close();
    await stack?.close();
  });

  test('a keyed request waits for billing and is one generation and one charge when sent again', async () => {
    const userId = randomUUID();
    const idempotencyKey = randomUUID();
    const request = () => stack.bus.send('images.generation.request', { userId, trendSlug: 'ghibli', userPrompt: 'a valley', idempotencyKey });

    await stack.billing.close();
    await expect(request()).rejects.toMatchObject({ code: 'UNAVAILABLE', ...TemporarilyUnavailable });
    const waiting = await stack.sql<{ id: string; status: string }>('SELECT "id", "status" FROM "images"."generations" WHERE "user_id" = $1', [userId]);
    expect(waiting).toEqual([{ id: expect.any(String), status: 'queued' }]);
    expect(await stack.charge(waiting[0].id)).toBeNull();

    const [{ BillingModule }, { loadBillingConfig }] = await Promise.all([import('../../billing/src/billing.module.js'), import('../../billing/src/config.js')]);
    billingAgain = await startServiceUnderTest(BillingModule.forRoot(loadBillingConfig(stack.environment.serviceEnv('billing'))), stack.environment.natsUrl);

    const accepted = await request();
    expect(accepted).toEqual(expect.objectContaining({ id: waiting[0].id, status: 'queued' }));
    expect(await stack.charge(accepted.id)).toEqual({ credits: 3, refunded: false });
    expect(await stack.queue.getJob(accepted.id)).toEqual(expect.objectContaining({ id: accepted.id }));
    expect((await request()).id).toBe(accepted.id);
    expect(await stack.sql('SELECT "generation_id" FROM "billing"."charges" WHERE "user_id" = $1', [userId])).toHaveLength(1);
  });
});
