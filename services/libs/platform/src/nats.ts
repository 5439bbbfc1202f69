import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';

/** The process's raw NATS connection (JetStream events, health probe). */
export const NATS = Symbol('NATS');

/** Connection settings every NATS client of ours shares: reconnect forever, so a broker restart is ridden out. */
export const natsConnectionOptions = (natsUrl: string, name: string) => ({
  servers: natsUrl.split(',').map((server) => server.trim()),
  name,
  maxReconnectAttempts: -1,
  reconnectTimeWait: 500,
  // A process started before its broker waits for it instead of failing.
  waitOnFirstConnect: true,
  // No stack captured ahead for every request in case it fails (measured in the gateway's profile):
  // a failed bus request becomes a ServiceError that names the pattern (bus.ts).
  noAsyncTraces: true,
});

/** Opens a NATS connection that reconnects forever. */
export function connectNats(natsUrl: string, name: string): Promise<NatsConnection> {
  return connect(natsConnectionOptions(natsUrl, name));
}

/** Round trip to the server: fails while the connection is down. */
export async function pingNats(nats: NatsConnection): Promise<void> {
  if (nats.isClosed()) throw new Error('connection closed');
  await nats.flush();
}

@Injectable()
export class NatsCloser implements OnApplicationShutdown {
  constructor(@Inject(NATS) private readonly nats: NatsConnection) {}
  async onApplicationShutdown() {
    await this.nats.drain().catch(() => undefined);
  }
}
