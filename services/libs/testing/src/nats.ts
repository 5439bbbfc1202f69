import type { NatsConnection } from '@nats-io/transport-node';
import { connectNats, deleteEventStream, eventsHandled } from '@trendforge/platform';

export const DEFAULT_TEST_NATS_URL = 'nats://127.0.0.1:4222';

/** NATS (with JetStream) for integration suites: env TEST_NATS_URL, else the local server. */
export function testNatsUrl(): string {
  return process.env.TEST_NATS_URL || DEFAULT_TEST_NATS_URL;
}

/** Removes a suite's event stream (its consumers go with it); the namespace's subjects need no cleanup. */
export async function deleteNatsNamespace(natsUrl: string, namespace: string): Promise<void> {
  const nats = await connectNats(natsUrl, 'test-cleanup');
  try {
    await deleteEventStream(nats, namespace);
  } finally {
    await nats.close();
  }
}

/**
 * Resolves once `service` has handled every `event` published so far (its durable consumer is
 * drained and acknowledged): the signal to wait for before asserting that an event did NOT do
 * something, instead of a pause that passes vacuously when the effect is merely late.
 */
export async function untilEventsHandled(nats: NatsConnection, service: string, event: string): Promise<void> {
  while (!(await eventsHandled(nats, service, event))) await new Promise((resolve) => setTimeout(resolve, 20));
}
