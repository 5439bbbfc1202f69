import { connectNats, deleteEventStream } from '@trendforge/platform';

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
