import {
  DynamicModule, Inject, Injectable, Logger, Module, SetMetadata, type OnApplicationBootstrap, type OnApplicationShutdown,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import {
  AckPolicy, DeliverPolicy, jetstream, jetstreamManager, JetStreamApiError, StorageType, type ConsumerMessages,
  type JetStreamClient, type JetStreamManager,
} from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { CatalogueChangedEvent, type BusEventName, type BusEvents, type CatalogueChanged } from '@trendforge/contracts';
import { NATS } from './nats.js';
import { busNamespace } from './redis.js';
import { REDIS } from './redis-module.js';

/**
 * Events (`<noun>.<past-tense>`) live on one JetStream stream per stack namespace. Each consuming
 * service reads them through a durable consumer of its own, shared by its replicas: an event
 * reaches every consuming service once and waits in the stream while that service is down.
 */
export const eventStreamName = (namespace = busNamespace()) => `${namespace}_events`;
export const eventSubject = (event: string, namespace = busNamespace()) => `${namespace}.events.${event}`;

/** What travels on the stream: the id makes redelivery and republishing harmless. */
export interface EventEnvelope<T = unknown> {
  id: string;
  event: string;
  at: string;
  payload: T;
}

const Day = 24 * 3600;
const nanos = (seconds: number) => seconds * 1_000_000_000;
/** How long events are kept for consumers that are down, and how long a handled id is remembered. */
const RetentionSeconds = 7 * Day;
/** A failed handler sees the event again after this long, at most MaxDeliveries times. */
const RetryDelayMs = 2000;
const MaxDeliveries = 50;

const StreamAlreadyExists = 10058;

/** Creates the namespace's event stream when missing (every publisher and consumer may be first). */
export async function ensureEventStream(jsm: JetStreamManager, namespace = busNamespace()): Promise<void> {
  try {
    await jsm.streams.add({
      name: eventStreamName(namespace),
      subjects: [`${namespace}.events.>`],
      storage: StorageType.File,
      max_age: nanos(RetentionSeconds),
      duplicate_window: nanos(120),
    });
  } catch (error) {
    if (!(error instanceof JetStreamApiError && error.code === StreamAlreadyExists)) throw error;
  }
}

/** Deletes a namespace's event stream (test suites clean up after themselves). */
export async function deleteEventStream(nats: NatsConnection, namespace: string): Promise<void> {
  const jsm = await jetstreamManager(nats);
  await jsm.streams.delete(eventStreamName(namespace)).catch(() => undefined);
}

/** Publishes events to the stream, creating it on first use. */
export class EventLog {
  private readonly js: JetStreamClient;
  private ready?: Promise<void>;

  constructor(private readonly nats: NatsConnection) {
    this.js = jetstream(nats);
  }

  async publish<E extends BusEventName>(event: E, payload: BusEvents[E], id: string): Promise<void> {
    this.ready ??= jetstreamManager(this.nats).then((jsm) => ensureEventStream(jsm)).catch((error) => {
      this.ready = undefined;
      throw error;
    });
    await this.ready;
    const envelope: EventEnvelope = { id, event, at: new Date().toISOString(), payload };
    await this.js.publish(eventSubject(event), JSON.stringify(envelope), { msgID: id, timeout: 10_000 });
  }
}

const EVENT_HANDLER = 'trendforge:event-handler';

/** The durable consumer through which a service (all its replicas) reads an event. */
export const eventConsumerName = (service: string, event: string) => `${service}--${event.replaceAll('.', '_')}`;

/**
 * Whether `service` has handled every `event` in the stream so far: its consumer has nothing left to
 * deliver and nothing delivered but unacknowledged (each event is acknowledged after its handler ran).
 */
export async function eventsHandled(nats: NatsConnection, service: string, event: string): Promise<boolean> {
  const info = await (await jetstreamManager(nats)).consumers.info(eventStreamName(), eventConsumerName(service, event));
  return info.num_pending === 0 && info.num_ack_pending === 0;
}

/**
 * Marks a method of a service's controller as the handler of an event; it receives the payload
 * and the event id. It runs at least once per event: EventConsumers skips ids already handled,
 * and a handler whose effect must not repeat keeps its own idempotency too.
 */
export const OnEvent = <E extends BusEventName>(event: E) => SetMetadata(EVENT_HANDLER, event) as <H extends (payload: BusEvents[E], id: string) => unknown>(
  target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<H>,
) => void;

export const EVENTS_SERVICE = Symbol('EVENTS_SERVICE');

type Handler = (payload: unknown, id: string) => Promise<unknown> | unknown;

/** Starts one durable JetStream consumer per @OnEvent handler of the service and feeds it. */
@Injectable()
export class EventConsumers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(EventConsumers.name);
  private readonly running: ConsumerMessages[] = [];
  private stopped = false;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(NATS) private readonly nats: NatsConnection,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(EVENTS_SERVICE) private readonly service: string,
  ) {}

  async onApplicationBootstrap() {
    const handlers = this.handlers();
    if (!handlers.length) return;
    const jsm = await jetstreamManager(this.nats);
    await ensureEventStream(jsm);
    for (const { event, handler } of handlers) {
      const durable = eventConsumerName(this.service, event);
      await jsm.consumers.add(eventStreamName(), {
        durable_name: durable,
        filter_subject: eventSubject(event),
        ack_policy: AckPolicy.Explicit,
        // A consumer created after events were published still gets them.
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(30),
        max_deliver: MaxDeliveries,
      });
      void this.consume(durable, event, handler);
    }
  }

  async onApplicationShutdown() {
    this.stopped = true;
    await Promise.all(this.running.map((messages) => messages.close().catch(() => undefined)));
  }

  private handlers(): Array<{ event: string; handler: Handler }> {
    const found: Array<{ event: string; handler: Handler }> = [];
    for (const wrapper of [...this.discovery.getControllers(), ...this.discovery.getProviders()]) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      for (const method of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const fn = instance[method] as Handler;
        const event = this.reflector.get<string | undefined>(EVENT_HANDLER, fn);
        if (event) found.push({ event, handler: fn.bind(instance) });
      }
    }
    return found;
  }

  /** Reads the consumer until shutdown; a closed subscription (broker restart) is opened again. */
  private async consume(durable: string, event: string, handler: Handler): Promise<void> {
    const js = jetstream(this.nats);
    while (!this.stopped) {
      try {
        const consumer = await js.consumers.get(eventStreamName(), durable);
        const messages = await consumer.consume({ max_messages: 16 });
        this.running.push(messages);
        for await (const message of messages) {
          const envelope = message.json<EventEnvelope>();
          try {
            await this.handleOnce(event, envelope, handler);
            message.ack();
          } catch (error) {
            this.log.error({ err: error, event, eventId: envelope.id, delivery: message.info.deliveryCount }, 'event handler failed; redelivering');
            message.nak(RetryDelayMs);
          }
        }
      } catch (error) {
        if (this.stopped) return;
        this.log.warn({ err: error, event }, 'event consumer interrupted; resuming');
      }
      if (!this.stopped) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  private async handleOnce(event: string, envelope: EventEnvelope, handler: Handler): Promise<void> {
    const key = `${busNamespace()}:events:handled:${this.service}:${event}:${envelope.id}`;
    if (await this.redis.exists(key)) return;
    await handler(envelope.payload, envelope.id);
    await this.redis.set(key, '1', 'EX', RetentionSeconds);
  }
}

/** A service's event consumers; the NATS connection comes from BusModule. */
@Module({})
export class EventsModule {
  static forService(service: string): DynamicModule {
    return {
      module: EventsModule,
      imports: [DiscoveryModule],
      providers: [{ provide: EVENTS_SERVICE, useValue: service }, EventConsumers],
    };
  }
}

const catalogueLog = new Logger('CatalogueChanges');

/**
 * Tells every gateway that a part of the public catalogue changed. A notice that cannot be sent
 * does not undo the change: gateways then serve the old part until their cache's age limit.
 */
export async function announceCatalogueChange(events: Pick<EventLog, 'publish'>, change: CatalogueChanged): Promise<void> {
  await events.publish(CatalogueChangedEvent, change, randomUUID())
    .catch((error) => catalogueLog.warn({ err: error, change }, 'catalogue change not announced; gateways catch up within their cache age'));
}

const noticeLog = new Logger('Notices');

/**
 * Hears every `event` on plain NATS, not through a durable consumer: for what each replica keeps
 * for itself (a cache), where every replica must see every notice. Notices sent while the
 * connection was away are lost to a plain subscription, so a reconnect calls `lost`, as does a
 * notice that cannot be read. Answers a function that stops listening.
 */
export function hearEveryNotice<E extends BusEventName>(nats: NatsConnection, event: E, heard: (payload: BusEvents[E]) => void, lost: () => void): () => void {
  type T = BusEvents[E];
  let stopped = false;
  const subscription = nats.subscribe(eventSubject(event), {
    callback: (error, message) => {
      if (error) return;
      let payload: T;
      try {
        payload = message.json<EventEnvelope<T>>().payload;
      } catch (unreadable) {
        noticeLog.warn({ err: unreadable, event }, 'unreadable notice: dropping what it may have changed');
        return lost();
      }
      heard(payload);
    },
  });
  void (async () => {
    for await (const status of nats.status()) {
      if (stopped) return;
      if (status.type === 'reconnect') lost();
    }
  })();
  return () => {
    stopped = true;
    subscription.unsubscribe();
  };
}
