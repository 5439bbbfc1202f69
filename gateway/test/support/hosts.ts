import type { ArgumentsHost } from '@nestjs/common';

/** An HTTP ArgumentsHost for calling an exception filter directly; `sent` holds what it answered. */
export function httpHost() {
  const sent: { status?: number; body?: unknown } = {};
  const res = { headersSent: false, status(code: number) { sent.status = code; return this; }, json(body: unknown) { sent.body = body; } };
  const host = { getType: () => 'http', switchToHttp: () => ({ getResponse: () => res }) } as unknown as ArgumentsHost;
  return { host, sent };
}
