import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The id of the request a piece of work belongs to: taken from `x-request-id` at the gateway (or
 * generated), echoed in the response, carried in bus message headers, and written into every log
 * line written while handling it (logging.ts's mixin).
 */
export const RequestIdHeader = 'x-request-id';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** A caller's id when it looks like one (letters, digits and `-_.:`, at most 128), else a new UUID. */
export function requestIdFrom(value: unknown): string {
  const candidate = Array.isArray(value) ? value[0] : value;
  return typeof candidate === 'string' && /^[\w.:-]{1,128}$/.test(candidate) ? candidate : randomUUID();
}

/** Runs `work` as part of the request `requestId`. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
