import {
  type CallHandler, DynamicModule, type ExecutionContext, Global, Inject, Injectable, Module, type NestInterceptor, OnApplicationShutdown,
} from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import {
  ClientProxy, ClientProxyFactory, MessagePattern, NatsRecordBuilder, RpcException, Transport, type NatsContext, type NatsOptions,
} from '@nestjs/microservices';
import { headers as natsHeaders, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { context as traceContext } from '@opentelemetry/api';
import { firstValueFrom, from, lastValueFrom, timeout, TimeoutError, type Observable } from 'rxjs';
import {
  ErrorCode, isServiceErrorBody, type MessagePatternName, type MessageRequest, type MessageResponse,
} from '@trendforge/contracts';
import { EventLog } from './events.js';
import { busRequestSeconds } from './metrics.js';
import { currentRequestId, RequestIdHeader, requestIdFrom, withRequestId } from './request-context.js';
import { extractTraceContext, injectTraceContext, inSpan } from './tracing.js';
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
    const stop = busRequestSeconds.startTimer({ pattern, side: 'client' });
    try {
      const answer = await inSpan(`bus ${pattern}`, 'client', traceContext.active(), () => {
        // The request id and trace context travel in the message's headers (read by BusServerObserver).
        const headers = natsHeaders();
        const requestId = currentRequestId();
        if (requestId) headers.set(RequestIdHeader, requestId);
        injectTraceContext((key, value) => headers.set(key, value));
        const record = new NatsRecordBuilder(payload).setHeaders(headers).build();
        return firstValueFrom(this.client.send<MessageResponse<P>>(busName(pattern), record).pipe(timeout(timeoutMs)));
      });
      stop({ outcome: 'ok' });
      return answer;
    } catch (error) {
      stop({ outcome: 'error' });
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

/**
 * The handling side of every bus request: times it by pattern (tf_bus_request_duration_seconds,
 * side="server"), and runs the handler in the caller's request id and trace.
 */
@Injectable()
export class BusServerObserver implements NestInterceptor {
  intercept(execution: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (execution.getType() !== 'rpc') return next.handle();
    const nats = execution.switchToRpc().getContext<NatsContext>();
    const subject = nats.getSubject();
    const pattern = subject.startsWith(`${busNamespace()}.`) ? subject.slice(busNamespace().length + 1) : subject;
    const headers = nats.getHeaders() as MsgHdrs | undefined;
    const header = (key: string) => (headers?.has(key) ? headers.get(key) : undefined);
    const stop = busRequestSeconds.startTimer({ pattern, side: 'server' });
    const handled = withRequestId(requestIdFrom(header(RequestIdHeader)), () =>
      inSpan(`bus ${pattern}`, 'server', extractTraceContext(header), () => lastValueFrom(next.handle(), { defaultValue: undefined })));
    handled.then(() => stop({ outcome: 'ok' }), () => stop({ outcome: 'error' }));
    return from(handled);
  }
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
        { provide: APP_INTERCEPTOR, useClass: BusServerObserver },
      ],
      exports: [Bus, NATS],
    };
  }
}
