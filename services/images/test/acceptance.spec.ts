import { randomUUID } from 'node:crypto';
import type { Bus } from '@trendforge/platform';
import { startImagesStack, type ImagesStack } from './support.js';

/** Requests that repeat (retries, double clicks, races) and bursts from one member. */
describe('images service: idempotent acceptance', () => {
  let stack: ImagesStack;
  let bus: Bus;

  beforeAll(async () => {
    stack = await startImagesStack('images-idem');
    ({ bus } = stack);
  });

  afterAll(async () => {
    await stack?.close();
  });

  const rowsOf = async (userId: string) => (await stack.sql<{ id: string }>('SELECT "id" FROM "images"."generations" WHERE "user_id" = $1', [userId])).map((row) => row.id);

  test('20 concurrent requests with one key are one generation and one charge', async () => {
    const userId = randomUUID();
    const idempotencyKey = randomUUID();
    const request = () => bus.send('images.generation.request', { userId, trendSlug: 'ghibli', userPrompt: 'a valley', idempotencyKey });
    const answers = await Promise.all(Array.from({ length: 20 }, request));

    const ids = new Set(answers.map((generation) => generation.id));
    expect(ids.size).toBe(1);
    const [id] = ids;
    expect(await rowsOf(userId)).toEqual([id]);
    expect(await stack.charge(id)).toEqual({ credits: 3, refunded: false });
    expect(await bus.send('billing.account', { userId })).toEqual(expect.objectContaining({ credits: 0, monthlyUsage: 1 }));
    expect(await stack.queue.getJob(id)).toEqual(expect.objectContaining({ id }));

    // Retried later — even after it ended — the key still answers with its generation.
    expect((await request()).id).toBe(id);
    await bus.send('images.generation.failed', { id, reason: 'Network error' });
    expect(await request()).toEqual(expect.objectContaining({ id, status: 'failed' }));
    expect(await bus.send('billing.account', { userId })).toEqual(expect.objectContaining({ credits: 3, monthlyUsage: 0 }));
    expect(await rowsOf(userId)).toEqual([id]);

    // The key is the member's own: another member's same key is another generation.
    const other = await bus.send('images.generation.request', { userId: randomUUID(), trendSlug: 'pixar', userPrompt: 'a fox', idempotencyKey });
    expect(other.id).not.toBe(id);
  });

  test('a key reused for a different request is refused (UNPROCESSABLE), and nothing more is charged', async () => {
    const userId = randomUUID();
    const idempotencyKey = randomUUID();
    const first = await bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt: 'a fox', idempotencyKey });
    for (const other of [{ trendSlug: 'pixar', userPrompt: 'a bear' }, { trendSlug: 'ghibli', userPrompt: 'a fox' }, { trendSlug: 'pixar', userPrompt: 'a fox', variation: 'minimalist' }]) {
      await expect(bus.send('images.generation.request', { userId, idempotencyKey, ...other } as never))
        .rejects.toMatchObject({ code: 'UNPROCESSABLE', message: 'This Idempotency-Key was already used for a different request' });
    }
    // The same request again is still its generation.
    expect((await bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt: 'a fox', idempotencyKey })).id).toBe(first.id);
    expect(await rowsOf(userId)).toEqual([first.id]);
  });

  test('a key is 1 to 128 printable characters; a bad one is refused before anything is charged', async () => {
    const userId = randomUUID();
    for (const idempotencyKey of ['', 'k'.repeat(129), 'line\nbreak', 'naïve']) {
      await expect(bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt: 'a fox', idempotencyKey }))
        .rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Idempotency-Key must be 1 to 128 printable characters' });
    }
    expect(await bus.send('billing.account', { userId })).toEqual(expect.objectContaining({ monthlyUsage: 0 }));
    const accepted = await bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt: 'a fox', idempotencyKey: 'K'.repeat(128) });
    expect(accepted.status).toBe('queued');
  });

  test('a refused charge leaves nothing behind, so the same key can try again once the member can pay', async () => {
    const userId = randomUUID();
    const idempotencyKey = 'click-1';
    await bus.send('billing.setPlan', { userId, credits: 2, actorId: randomUUID() });
    await expect(bus.send('images.generation.request', { userId, trendSlug: 'ghibli', userPrompt: 'a valley', idempotencyKey }))
      .rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
    expect(await rowsOf(userId)).toEqual([]);
    await bus.send('billing.setPlan', { userId, credits: 3, actorId: randomUUID() });
    const accepted = await bus.send('images.generation.request', { userId, trendSlug: 'ghibli', userPrompt: 'a valley', idempotencyKey });
    expect(await stack.charge(accepted.id)).toEqual({ credits: 3, refunded: false });
  });

  test('a member has at most 5 generations in flight; the next is refused until one ends', async () => {
    const userId = randomUUID();
    const accepted = [];
    for (let i = 0; i < 5; i++) accepted.push(await bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt: `fox ${i}` }));
    await expect(bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt: 'one too many' })).rejects.toMatchObject({
      code: 'RATE_LIMITED', message: 'You already have 5 generations in progress. Please wait for one to finish and try again.',
    });
    // Another member is not held up by this one's burst.
    expect((await bus.send('images.generation.request', { userId: randomUUID(), trendSlug: 'pixar', userPrompt: 'a fox' })).status).toBe('queued');

    await bus.send('images.generation.failed', { id: accepted[0].id, reason: 'Network error' });
    expect((await bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt: 'now there is room' })).status).toBe('queued');
    expect(await bus.send('billing.account', { userId })).toEqual(expect.objectContaining({ monthlyUsage: 5 }));
  });

  test('two replicas, concurrent requests at the edge of the allowance and the credits: exactly what is left is accepted and charged', async () => {
    await stack.anotherImages(); // requests now share two replicas (one queue group)
    const atAllowanceEdge = randomUUID(); // free: 5 a month, 3 used
    const atCreditEdge = randomUUID(); // 3 credits: one ghibli generation
    await bus.send('billing.setPlan', { userId: atAllowanceEdge, credits: 0, actorId: randomUUID() });
    await bus.send('billing.setPlan', { userId: atCreditEdge, credits: 3, actorId: randomUUID() });
    await stack.sql(`UPDATE "billing"."accounts" SET "monthly_usage" = 3, "usage_period" = to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM') WHERE "user_id" = $1`, [atAllowanceEdge]);

    // Five at once: a refused request holds an in-flight place until billing has said why, so a sixth could meet the cap of 5 instead.
    const burst = (userId: string, trendSlug: string) => Promise.allSettled(Array.from({ length: 5 }, (_, i) =>
      bus.send('images.generation.request', { userId, trendSlug, userPrompt: `a fox ${i}` })));
    const [allowanceAnswers, creditAnswers] = await Promise.all([burst(atAllowanceEdge, 'pixar'), burst(atCreditEdge, 'ghibli')]);

    const outcome = (answers: PromiseSettledResult<unknown>[]) => ({
      accepted: answers.filter((answer) => answer.status === 'fulfilled').length,
      refusals: [...new Set(answers.flatMap((answer) => (answer.status === 'rejected' ? [(answer.reason as Error).message] : [])))],
    });
    expect(outcome(allowanceAnswers)).toEqual({ accepted: 2, refusals: ['Monthly generation limit reached (5 of 5 this month)'] });
    expect(outcome(creditAnswers)).toEqual({ accepted: 1, refusals: ['You need 3 credits for this premium style (you have 0)'] });
    const charges = async (userId: string) =>
      (await stack.sql<{ n: number }>('SELECT count(*)::int AS n FROM "billing"."charges" WHERE "user_id" = $1', [userId]))[0].n;
    expect([await charges(atAllowanceEdge), (await rowsOf(atAllowanceEdge)).length]).toEqual([2, 2]);
    expect([await charges(atCreditEdge), (await rowsOf(atCreditEdge)).length]).toEqual([1, 1]);
    expect(await bus.send('billing.account', { userId: atAllowanceEdge })).toEqual(expect.objectContaining({ monthlyUsage: 5, credits: 0 }));
    expect(await bus.send('billing.account', { userId: atCreditEdge })).toEqual(expect.objectContaining({ monthlyUsage: 1, credits: 0 }));
  });

  // Last in this file: it stops billing.
  test('the charge commits with the record, in the same transaction: acceptance needs no answer from billing', async () => {
    const userId = randomUUID();
    await bus.send('billing.setPlan', { userId, credits: 3, actorId: randomUUID() }); // the account is open
    const ledgerOf = async (generationId: string) =>
      stack.sql<{ delta: number; kind: string }>('SELECT "delta", "kind" FROM "billing"."ledger" WHERE "generation_id" = $1', [generationId]);

    await stack.billing.close();
    const accepted = await bus.send('images.generation.request', { userId, trendSlug: 'ghibli', userPrompt: 'a valley', idempotencyKey: 'one' });
    expect(accepted.status).toBe('queued');
    expect(await stack.charge(accepted.id)).toEqual({ credits: 3, refunded: false });
    expect(await ledgerOf(accepted.id)).toEqual([{ delta: -3, kind: 'charge' }]);
    expect(await stack.queue.getJob(accepted.id)).toEqual(expect.objectContaining({ id: accepted.id }));
    const [account] = await stack.sql<{ credits: number; monthly_usage: number }>(
      'SELECT "credits", "monthly_usage" FROM "billing"."accounts" WHERE "user_id" = $1', [userId]);
    expect(account).toEqual({ credits: 0, monthly_usage: 1 });

    // Billing's common case does not apply (no credits left): billing must answer, and cannot.
    await expect(bus.send('images.generation.request', { userId, trendSlug: 'ghibli', userPrompt: 'a lake' })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect((await stack.sql<{ n: number }>('SELECT count(*)::int AS n FROM "billing"."charges" WHERE "user_id" = $1', [userId]))[0].n).toBe(1);
  });
});
