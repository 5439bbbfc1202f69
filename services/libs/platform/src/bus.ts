import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import {
  ClientProxy, ClientProxyFactory, EventPattern, MessagePattern, RpcException, Transport, type RedisOptions,
} from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import {
  ErrorCode, isServiceErrorBody, type MessagePatternName, type MessageRequest, type MessageResponse,
} from '@trendforge/contracts';
import { busNamespace, redisOptions } from './redis.js';

/** The wire name of a message pattern or event: namespaced so several stacks can share one Redis. */
export const busName = (name: string) => `${busNamespace()}.${name}`;

/** Marks a handler for a request/response pattern declared in contracts' MessageMap. */
export const Handles = (pattern: MessagePatternName): MethodDecorator => MessagePattern(busName(pattern));
/** Marks a handler for a fire-and-forget event. */
export const OnEvent = (event: string) => EventPattern(busName(event)) as unknown as MethodDecorator;

/** An expected failure with a code the gateway turns into an HTTP status and a message for people. */
export class ServiceError extends RpcException {
  constructor(readonly code: ErrorCode, message: string) {
    super({ code, message });
    this.message = message;
  }
}

export function fail(code: ErrorCode, message: string): never {
  throw new ServiceError(code, message);
}

/** The Redis transport options a microservice listens with. */
export function busTransport(redisUrl: string): RedisOptions {
  const { host, port, username, password, db } = redisOptions(redisUrl);
  return { transport: Transport.REDIS, options: { host, port, username, password, db, retryAttempts: 1000, retryDelay: 1000 } };
}

export const BUS_OPTIONS = Symbol('BUS_OPTIONS');

/** Typed request/response client over the NestJS Redis transport. */
@Injectable()
export class Bus implements OnApplicationShutdown {
  private readonly client: ClientProxy;

  constructor(@Inject(BUS_OPTIONS) options: { redisUrl: string }) {
    this.client = ClientProxyFactory.create(busTransport(options.redisUrl));
  }

  async send<P extends MessagePatternName>(pattern: P, payload: MessageRequest<P>, timeoutMs = 10_000): Promise<MessageResponse<P>> {
    try {
      return await firstValueFrom(this.client.send<MessageResponse<P>>(busName(pattern), payload).pipe(timeout(timeoutMs)));
    } catch (error) {
      throw asServiceError(error, pattern);
    }
  }

  emit(event: string, payload: unknown): void {
    this.client.emit(busName(event), payload);
  }

  async onApplicationShutdown() {
    await this.client.close();
  }
}

/** Turns whatever came back from a failed call into a ServiceError, keeping a service's own code. */
export function asServiceError(error: unknown, pattern: string): ServiceError {
  if (error instanceof ServiceError) return error;
  if (isServiceErrorBody(error)) return new ServiceError(error.code, error.message);
  if (error instanceof TimeoutError) {
    return new ServiceError(ErrorCode.Unavailable, `${pattern.split('.')[0]} service did not answer in time`);
  }
  const message = error instanceof Error ? error.message : String((error as { message?: string })?.message ?? error);
  return new ServiceError(ErrorCode.Unavailable, `${pattern} failed: ${message}`);
}

@Global()
@Module({})
export class BusModule {
  static forRoot(redisUrl: string): DynamicModule {
    return {
      module: BusModule,
      providers: [{ provide: BUS_OPTIONS, useValue: { redisUrl } }, Bus],
      exports: [Bus],
    };
  }
}
