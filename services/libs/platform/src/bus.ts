import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import {
  ClientProxy, ClientProxyFactory, MessagePattern, RpcException, Transport, type NatsOptions,
} from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/transport-node';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import {
  ErrorCode, isServiceErrorBody, type MessagePatternName, type MessageRequest, type MessageResponse,
} from '@trendforge/contracts';
import { EventLog } from './events.js';
import { connectNats, NATS, NatsCloser, natsConnectionOptions } from './nats.js';
import { busNamespace } from './redis.js';

/** The wire subject of a message pattern: namespaced so several stacks can share one NATS. */
export const busName = (name: string) => `${busNamespace()}.${name}`;

/** Marks a handler for a request/response pattern declared in contracts' MessageMap. */
export const Handles = (pattern: MessagePatternName): MethodDecorator => MessagePattern(busName(pattern));

/** An expected failure with a code the gateway turns into an HTTP status and a message for people. */
export class ServiceError extends RpcException {
  constructor(readonly code: ErrorCode, message: string, readonly retryAfterSeconds?: number) {
    super({ code, message, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) });
    this.message = message;
  }
}

export function fail(code: ErrorCode, message: string, retryAfterSeconds?: number): never {
  throw new ServiceError(code, message, retryAfterSeconds);
}

/**
 * The NATS transport a service listens with: every handler subscribes in a queue group named after
 * the service, so N replicas share the requests and each one is handled exactly once.
 */
export function busTransport(natsUrl: string, service: string): NatsOptions {
  return { transport: Transport.NATS, options: { ...natsConnectionOptions(natsUrl, service), queue: service } };
}

export const BUS_OPTIONS = Symbol('BUS_OPTIONS');

/** Typed request/response client over NestJS's NATS transport, and the publisher of events. */
@Injectable()
export class Bus implements OnApplicationShutdown {
  private readonly client: ClientProxy;
  private readonly events: EventLog;

  constructor(@Inject(BUS_OPTIONS) options: { natsUrl: string; name: string }, @Inject(NATS) nats: NatsConnection) {
    this.client = ClientProxyFactory.create({ transport: Transport.NATS, options: natsConnectionOptions(options.natsUrl, `${options.name}-client`) });
    this.events = new EventLog(nats);
  }

  async send<P extends MessagePatternName>(pattern: P, payload: MessageRequest<P>, timeoutMs = 10_000): Promise<MessageResponse<P>> {
    try {
      return await firstValueFrom(this.client.send<MessageResponse<P>>(busName(pattern), payload).pipe(timeout(timeoutMs)));
    } catch (error) {
      throw asServiceError(error, pattern);
    }
  }

  /**
   * Publishes an event to JetStream and resolves once it is stored. `id` makes it idempotent:
   * the stream drops a repeat within its duplicate window and consumers skip ids they handled.
   */
  publish(event: string, payload: unknown, id: string): Promise<void> {
    return this.events.publish(event, payload, id);
  }

  async onApplicationShutdown() {
    await this.client.close();
  }
}

/** Turns whatever came back from a failed call into a ServiceError, keeping a service's own code. */
export function asServiceError(error: unknown, pattern: string): ServiceError {
  if (error instanceof ServiceError) return error;
  if (isServiceErrorBody(error)) {
    const retryAfterSeconds = typeof error.retryAfterSeconds === 'number' ? error.retryAfterSeconds : undefined;
    return new ServiceError(error.code, error.message, retryAfterSeconds);
  }
  const service = pattern.split('.')[0];
  if (error instanceof TimeoutError) return new ServiceError(ErrorCode.Unavailable, `${service} service did not answer in time`);
  const message = error instanceof Error ? error.message : String((error as { message?: string })?.message ?? error);
  // NATS answers at once when no replica of the service is subscribed.
  if (/no responders|no subscribers listening/i.test(message)) return new ServiceError(ErrorCode.Unavailable, `${service} service is not available`);
  return new ServiceError(ErrorCode.Unavailable, `${pattern} failed: ${message}`);
}

@Global()
@Module({})
export class BusModule {
  /** `name` labels the process's connections on the NATS server (monitoring, logs). */
  static forRoot(natsUrl: string, name: string): DynamicModule {
    return {
      module: BusModule,
      providers: [
        { provide: BUS_OPTIONS, useValue: { natsUrl, name } },
        { provide: NATS, useFactory: () => connectNats(natsUrl, name) },
        NatsCloser,
        Bus,
      ],
      exports: [Bus, NATS],
    };
  }
}
