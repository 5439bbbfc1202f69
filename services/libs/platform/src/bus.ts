import {
  type CallHandler, DynamicModule, type ExecutionContext, Global, Inject, Injectable, Logger, Module, type NestInterceptor,
} from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { MessagePattern, Transport, type NatsContext, type NatsOptions } from '@nestjs/microservices';
import { headers as natsHeaders, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { context as traceContext } from '@opentelemetry/api';
import { from, lastValueFrom, type Observable } from 'rxjs';
import {
  isServiceErrorBody, type BusEventName, type BusEvents, type MessagePatternName, type MessageRequest, type MessageResponse,
} from '@trendforge/contracts';
import { describeFailure, InternalServiceError, isTemporarilyUnavailable, ServiceError, TemporarilyUnavailableError } from './errors.js';
import { EventLog } from './events.js';
import { busRequestSeconds } from './metrics.js';
import { currentRequestId, RequestIdHeader, requestIdFrom, withRequestId } from './request-context.js';
import { extractTraceContext, injectTraceContext, inSpan } from './tracing.js';
import { connectNats, NATS, NatsCloser, natsConnectionOptions } from './nats.js';
import { busNamespace } from './redis.js';

export * from './errors.js';

/** The wire subject of a message pattern: namespaced so several stacks can share one NATS. */
export const busName = (name: string) => `${busNamespace()}.${name}`;

/** Marks a handler for a request/response pattern declared in contracts' MessageMap. */
export const Handles = (pattern: MessagePatternName): MethodDecorator => MessagePattern(busName(pattern));

/**
 * The NATS transport a service listens with: every handler subscribes in a queue group named after
 * the service, so N replicas share the requests and each one is handled exactly once.
 */
export function busTransport(natsUrl: string, service: string): NatsOptions {
  return { transport: Transport.NATS, options: { ...natsConnectionOptions(natsUrl, service), queue: service } };
}

/** What a NestJS NATS server answers a request with (one message: the handler's result or its error). */
interface BusReply {
  response?: unknown;
  err?: unknown;
}

/**
 * Typed request/response client on the process's NATS connection, and the publisher of events.
 * It speaks the NestJS NATS server's wire format (`{ pattern, data, id }` in, `{ response | err }`
 * back) with one plain NATS request: NestJS's client proxy wraps the same exchange in a second
 * connection and several observables, which measured twice the time and CPU of a bus hop.
 */
@Injectable()
export class Bus {
  private readonly events: EventLog;
  private requestSeq = 0;

  constructor(@Inject(NATS) private readonly nats: NatsConnection) {
    this.events = new EventLog(nats);
  }

  async send<P extends MessagePatternName>(pattern: P, payload: MessageRequest<P>, timeoutMs = 10_000): Promise<MessageResponse<P>> {
    const stop = busRequestSeconds.startTimer({ pattern, side: 'client' });
    try {
      const answer = await inSpan(`bus ${pattern}`, 'client', traceContext.active(), async () => {
        // The request id and trace context travel in the message's headers (read by BusServerObserver).
        const headers = natsHeaders();
        const requestId = currentRequestId();
        if (requestId) headers.set(RequestIdHeader, requestId);
        injectTraceContext((key, value) => headers.set(key, value));
        const subject = busName(pattern);
        const message = JSON.stringify({ pattern: subject, data: payload, id: String(++this.requestSeq) });
        const reply = (await this.nats.request(subject, message, { timeout: timeoutMs, headers })).json<BusReply>();
        if (reply.err !== undefined && reply.err !== null) throw reply.err;
        return reply.response as MessageResponse<P>;
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
  publish<E extends BusEventName>(event: E, payload: BusEvents[E], id: string): Promise<void> {
    return this.events.publish(event, payload, id);
  }
}

/**
 * Turns whatever came back from a failed call into a ServiceError, keeping a service's own code:
 * silence, no replica and a lost broker connection are "briefly unavailable" (Retry-After, the
 * member's text); an unexpected failure of the service is an InternalServiceError naming the pattern.
 */
export function asServiceError(error: unknown, pattern: string): ServiceError {
  if (error instanceof ServiceError) return error;
  if (isServiceErrorBody(error)) {
    const retryAfterSeconds = typeof error.retryAfterSeconds === 'number' ? error.retryAfterSeconds : undefined;
    return new ServiceError(error.code, error.message, retryAfterSeconds);
  }
  const service = pattern.split('.')[0];
  if (error instanceof Error && error.name === 'TimeoutError') return new TemporarilyUnavailableError(`${service} service did not answer in time`);
  const message = error instanceof Error ? error.message : String((error as { message?: string })?.message ?? error);
  // NATS answers at once when no replica of the service is subscribed.
  if (/no responders|no subscribers listening/i.test(message)) return new TemporarilyUnavailableError(`${service} service is not available`);
  if (isTemporarilyUnavailable(error)) return new TemporarilyUnavailableError(`${pattern}: ${describeFailure(error)}`);
  return new InternalServiceError(`${pattern} failed: ${message}`);
}

/**
 * The handling side of every bus request: times it by pattern (tf_bus_request_duration_seconds,
 * side="server"), runs the handler in the caller's request id and trace, and answers a failure of
 * a dependency that is briefly down (isTemporarilyUnavailable) as TemporarilyUnavailableError.
 */
@Injectable()
export class BusServerObserver implements NestInterceptor {
  private readonly log = new Logger('Bus');

  intercept(execution: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (execution.getType() !== 'rpc') return next.handle();
    const nats = execution.switchToRpc().getContext<NatsContext>();
    const subject = nats.getSubject();
    const pattern = subject.startsWith(`${busNamespace()}.`) ? subject.slice(busNamespace().length + 1) : subject;
    const headers = nats.getHeaders() as MsgHdrs | undefined;
    const header = (key: string) => (headers?.has(key) ? headers.get(key) : undefined);
    const stop = busRequestSeconds.startTimer({ pattern, side: 'server' });
    const handled = withRequestId(requestIdFrom(header(RequestIdHeader)), () =>
      inSpan(`bus ${pattern}`, 'server', extractTraceContext(header), () => lastValueFrom(next.handle(), { defaultValue: undefined })))
      .catch((error: unknown) => {
        // A database or broker that is restarting is no bug: the caller is told to try again in a
        // moment instead of "Internal server error".
        if (error instanceof ServiceError || !isTemporarilyUnavailable(error)) throw error;
        this.log.warn(`${pattern}: a dependency is unavailable (${describeFailure(error)}); answered with Retry-After`);
        throw new TemporarilyUnavailableError(`${pattern}: ${describeFailure(error)}`);
      });
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
        { provide: NATS, useFactory: () => connectNats(natsUrl, name) },
        NatsCloser,
        Bus,
        { provide: APP_INTERCEPTOR, useClass: BusServerObserver },
      ],
      exports: [Bus, NATS],
    };
  }
}
