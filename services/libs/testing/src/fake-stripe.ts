/**
 * A local HTTP server speaking Stripe's wire format for what TrendForge uses, so the Stripe
 * provider is tested with the real `stripe` SDK pointed at it (its host/port/protocol options):
 *
 *   GET  /v1/prices?lookup_keys[]=…          POST /v1/prices
 *   POST /v1/checkout/sessions               GET  /v1/subscriptions/:id
 *   POST /v1/billing_portal/sessions
 *
 * Requests are form-encoded as the SDK sends them. The checkout and portal URLs it hands out are
 * tiny pages on this server: "Pay" completes the checkout (a customer, an active subscription) and
 * "Cancel subscription" cancels it; each sends the webhooks Stripe would, signed as Stripe signs them
 * (`Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" with the endpoint secret>`),
 * to `webhookUrl`. Tests can do the same directly (completeCheckout, failRenewal, ...) and replay or
 * forge deliveries.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripeOptions {
  /** Only this secret key is accepted (401 otherwise). Default: any `sk_test_…` key. */
  secretKey?: string;
  /** The webhook endpoint's signing secret. Default: a random `whsec_…`. */
  webhookSecret?: string;
  /** Where webhooks go; can be set later (fake.webhookUrl = …) once the receiver listens. */
  webhookUrl?: string;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
  [key: string]: unknown;
}

export interface WebhookDelivery {
  event: StripeEvent;
  payload: string;
  signature: string;
  /** The receiver's answer (0 when it could not be reached). */
  status: number;
  body: string;
}

interface Session {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete';
  url: string;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  price: string;
}

interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  metadata: Record<string, string>;
  price: string;
}

export interface FakeStripe {
  /** The API origin (`http://127.0.0.1:<port>`) for the SDK's host/port, e.g. STRIPE_API_BASE. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string | undefined;
  /** Every checkout session made, oldest first. */
  sessions(): ReadonlyArray<Readonly<Session>>;
  subscription(id: string): Readonly<Subscription> | undefined;
  /** Every webhook sent, oldest first. */
  deliveries: WebhookDelivery[];
  /** Pays a checkout session as the member would on Stripe's page; answers the webhooks sent. */
  completeCheckout(sessionId: string): Promise<WebhookDelivery[]>;
  /** A renewal whose card is declined: the subscription turns past_due. */
  failRenewal(subscriptionId: string): Promise<WebhookDelivery[]>;
  /** A renewal paid (after a failure): the subscription is active again. */
  payRenewal(subscriptionId: string): Promise<WebhookDelivery[]>;
  /** The member cancels (in the portal): the subscription is deleted. */
  cancelSubscription(subscriptionId: string): Promise<WebhookDelivery[]>;
  /** Sends `event` signed with `secret` (default: the endpoint's), `at` seconds since the epoch (default: now). */
  send(event: StripeEvent, options?: { secret?: string; at?: number }): Promise<WebhookDelivery>;
  /** Delivers the same payload and signature again, as Stripe does when an answer was lost. */
  redeliver(delivery: WebhookDelivery): Promise<WebhookDelivery>;
  close(): Promise<void>;
}

/** Stripe's signature header for `payload` (what `stripe.webhooks.generateTestHeaderString` makes). */
export function stripeSignature(payload: string, secret: string, at = Math.floor(Date.now() / 1000)): string {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${payload}`, 'utf8').digest('hex')}`;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Form fields with Stripe's bracket notation (`a[b][0][c]=v`) as nested objects and arrays. */
function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d*$/.test(path[index + 1]) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  // `lookup_keys[]=a` puts a '' key on the array: Object.values keeps it, after the indexed values.
  const arrays = (value: unknown): unknown => {
    if (Array.isArray(value)) return Object.values(value).map(arrays);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, arrays(v)]));
    return value;
  };
  return arrays(root) as Record<string, unknown>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font-family:sans-serif;background:#f6f9fc;color:#1a1f36;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 4px 24px #0002;max-width:24rem;width:90%}button{background:#635bff;color:#fff;border:0;border-radius:6px;padding:.75rem 1.25rem;font-size:1rem;cursor:pointer;width:100%}
a{display:block;margin-top:1rem;text-align:center;color:#635bff}</style></head><body><main>${body}</main></body></html>`;
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const webhookSecret = options.webhookSecret ?? newId('whsec');
  const prices = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, Session>();
  const subscriptions = new Map<string, Subscription>();
  const portals = new Map<string, { customer: string; return_url: string }>();
  let url = '';

  const priceObject = (id: string) => prices.get(id)!;
  const subscriptionObject = (subscription: Subscription) => ({
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customer,
    status: subscription.status,
    metadata: subscription.metadata,
    livemode: false,
    items: { object: 'list', data: [{ id: `si_${subscription.id.slice(4)}`, object: 'subscription_item', price: priceObject(subscription.price), quantity: 1 }], has_more: false },
  });
  const sessionObject = (session: Session) => {
    const { subscriptionMetadata: _metadata, price: _price, ...rest } = session;
    return { ...rest, livemode: false, payment_status: session.status === 'complete' ? 'paid' : 'unpaid' };
  };
  const invoiceObject = (subscription: Subscription, status: 'paid' | 'open') => ({
    id: newId('in'),
    object: 'invoice',
    customer: subscription.customer,
    status,
    amount_due: priceObject(subscription.price).unit_amount,
    parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
  });
  const event = (type: string, object: Record<string, unknown>): StripeEvent => ({
    id: newId('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), api_version: '2026-10-28.endive',
    livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object },
  });

  const deliveries: WebhookDelivery[] = [];
  const post = (target: string, payload: string, signature: string) => new Promise<{ status: number; body: string }>((resolve) => {
    const req = httpRequest(target, {
      method: 'POST', agent: false,
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload), 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', (error) => resolve({ status: 0, body: String(error) }));
    req.end(payload);
  });
  const deliver = async (payload: string, signature: string, sent: StripeEvent) => {
    if (!fake.webhookUrl) throw new Error('fake Stripe: set webhookUrl before sending webhooks');
    const answer = await post(fake.webhookUrl, payload, signature);
    const delivery = { event: sent, payload, signature, ...answer };
    deliveries.push(delivery);
    return delivery;
  };
  const send = (sent: StripeEvent, { secret = webhookSecret, at }: { secret?: string; at?: number } = {}) => {
    const payload = JSON.stringify(sent, null, 2);
    return deliver(payload, stripeSignature(payload, secret, at), sent);
  };
  const sendAll = async (events: StripeEvent[]) => {
    const sent: WebhookDelivery[] = [];
    for (const each of events) sent.push(await send(each));
    return sent;
  };

  const completeCheckout = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no checkout session ${sessionId}`);
    if (session.status === 'complete') throw new Error(`fake Stripe: checkout session ${sessionId} is already complete`);
    const subscription: Subscription = {
      id: newId('sub'), object: 'subscription', customer: session.customer ?? newId('cus'), status: 'active', metadata: session.subscriptionMetadata, price: session.price,
    };
    subscriptions.set(subscription.id, subscription);
    Object.assign(session, { status: 'complete', customer: subscription.customer, subscription: subscription.id });
    return sendAll([
      event('customer.subscription.created', subscriptionObject(subscription)),
      event('checkout.session.completed', sessionObject(session)),
      event('invoice.paid', invoiceObject(subscription, 'paid')),
    ]);
  };
  const changeSubscription = (subscriptionId: string, status: string, events: (subscription: Subscription) => StripeEvent[]) => {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`fake Stripe: no subscription ${subscriptionId}`);
    subscription.status = status;
    return sendAll(events(subscription));
  };
  const failRenewal = (id: string) => changeSubscription(id, 'past_due', (s) => [
    event('invoice.payment_failed', invoiceObject(s, 'open')), event('customer.subscription.updated', subscriptionObject(s)),
  ]);
  const payRenewal = (id: string) => changeSubscription(id, 'active', (s) => [
    event('invoice.paid', invoiceObject(s, 'paid')), event('customer.subscription.updated', subscriptionObject(s)),
  ]);
  const cancelSubscription = (id: string) => changeSubscription(id, 'canceled', (s) => [event('customer.subscription.deleted', subscriptionObject(s))]);

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  };
  const stripeError = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error') =>
    json(res, status, { error: { type, message } });
  const html = (res: ServerResponse, body: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(303, { location });
    res.end();
  };

  const api = (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams, form: Record<string, unknown>) => {
    const authorization = req.headers.authorization ?? '';
    const key = authorization.startsWith('Bearer ') ? authorization.slice(7) : '';
    if (options.secretKey ? key !== options.secretKey : !key.startsWith('sk_test_')) {
      return stripeError(res, 401, `Invalid API Key provided: ${key.slice(0, 8)}***`);
    }
    if (req.method === 'GET' && path === '/v1/prices') {
      const keys = (parseForm(query.toString()).lookup_keys as string[] | undefined) ?? [];
      const data = [...prices.values()].filter((price) => keys.includes(price.lookup_key as string) && price.active);
      return json(res, 200, { object: 'list', data, has_more: false, url: '/v1/prices' });
    }
    if (req.method === 'POST' && path === '/v1/prices') {
      if (!form.currency || !form.unit_amount) return stripeError(res, 400, 'Missing required param: currency or unit_amount.');
      if ([...prices.values()].some((price) => price.lookup_key === form.lookup_key)) {
        return stripeError(res, 400, `A price (\`${String(form.lookup_key)}\`) already uses that lookup key.`);
      }
      const product = form.product_data as { name?: string } | undefined;
      const price = {
        id: newId('price'), object: 'price', active: true, currency: form.currency, unit_amount: Number(form.unit_amount),
        recurring: form.recurring, lookup_key: form.lookup_key ?? null, product: newId('prod'), nickname: product?.name ?? null, type: 'recurring',
      };
      prices.set(price.id, price);
      return json(res, 200, price);
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const items = (form.line_items as Array<{ price?: string }> | undefined) ?? [];
      if (form.mode !== 'subscription') return stripeError(res, 400, 'This fake only makes subscription checkouts.');
      if (!items[0]?.price || !prices.has(items[0].price)) return stripeError(res, 400, `No such price: '${items[0]?.price}'`);
      if (!form.success_url) return stripeError(res, 400, 'Missing required param: success_url.');
      const id = newId('cs_test');
      const session: Session = {
        id, object: 'checkout.session', mode: 'subscription', status: 'open', url: `${url}/checkout/${id}`,
        success_url: String(form.success_url), cancel_url: String(form.cancel_url ?? form.success_url),
        client_reference_id: (form.client_reference_id as string | undefined) ?? null,
        customer: (form.customer as string | undefined) ?? null, customer_email: (form.customer_email as string | undefined) ?? null,
        subscription: null, metadata: (form.metadata as Record<string, string> | undefined) ?? {},
        subscriptionMetadata: ((form.subscription_data as { metadata?: Record<string, string> } | undefined)?.metadata) ?? {},
        price: items[0].price,
      };
      sessions.set(id, session);
      return json(res, 200, sessionObject(session));
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && subscriptionPath) {
      const subscription = subscriptions.get(decodeURIComponent(subscriptionPath[1]));
      if (!subscription) return stripeError(res, 404, `No such subscription: '${subscriptionPath[1]}'`);
      return json(res, 200, subscriptionObject(subscription));
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!form.customer) return stripeError(res, 400, 'Missing required param: customer.');
      const id = newId('bps');
      portals.set(id, { customer: String(form.customer), return_url: String(form.return_url ?? '') });
      return json(res, 200, { id, object: 'billing_portal.session', customer: form.customer, return_url: form.return_url, url: `${url}/portal/${id}`, livemode: false });
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path}).`);
  };

  /** The pages a browser is sent to: checkout (Pay) and the customer portal (Cancel subscription). */
  const pages = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const checkout = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path);
    if (checkout) {
      const session = sessions.get(checkout[1]);
      if (!session) return stripeError(res, 404, 'No such checkout session');
      if (req.method === 'POST' && checkout[2] && session.status === 'open') {
        const deliveries = await completeCheckout(session.id);
        if (deliveries.some((delivery) => delivery.status !== 200)) throw new Error(`webhook refused: ${JSON.stringify(deliveries.map((d) => [d.status, d.body]))}`);
        return redirect(res, session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
      }
      const price = priceObject(session.price);
      return html(res, page('Checkout (test mode)', `<h1>${escapeHtml(String(price.nickname ?? 'Subscription'))}</h1>
<p>$${(Number(price.unit_amount) / 100).toFixed(2)} per month · ${escapeHtml(session.customer_email ?? '')}</p>
<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form><a href="${escapeHtml(session.cancel_url)}">Back</a>`));
    }
    const portal = /^\/portal\/([^/]+)(\/cancel)?$/.exec(path);
    if (portal) {
      const session = portals.get(portal[1]);
      if (!session) return stripeError(res, 404, 'No such portal session');
      const open = [...subscriptions.values()].find((s) => s.customer === session.customer && s.status !== 'canceled');
      if (req.method === 'POST' && portal[2] && open) {
        await cancelSubscription(open.id);
        return redirect(res, session.return_url);
      }
      return html(res, page('Customer portal (test mode)', `<h1>Your subscription</h1><p>${open ? `${escapeHtml(String(priceObject(open.price).nickname))}: ${open.status}` : 'No active subscription'}</p>
${open ? `<form method="post" action="/portal/${portal[1]}/cancel"><button type="submit">Cancel subscription</button></form>` : ''}<a href="${escapeHtml(session.return_url)}">Return</a>`));
    }
    res.writeHead(404).end();
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const address = new URL(req.url ?? '/', 'http://fake-stripe');
      const form = parseForm(Buffer.concat(chunks).toString('utf8'));
      const handle = address.pathname.startsWith('/v1/') ? Promise.resolve(api(req, res, address.pathname, address.searchParams, form)) : pages(req, res, address.pathname);
      handle.catch((error: unknown) => {
        if (!res.headersSent) stripeError(res, 500, String(error), 'api_error');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeStripe = {
    url,
    secretKey: options.secretKey ?? 'sk_test_trendforge',
    webhookSecret,
    webhookUrl: options.webhookUrl,
    sessions: () => [...sessions.values()],
    subscription: (id) => subscriptions.get(id),
    deliveries,
    completeCheckout,
    failRenewal,
    payRenewal,
    cancelSubscription,
    send,
    redeliver: (delivery) => deliver(delivery.payload, delivery.signature, delivery.event),
    close: () => new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    }),
  };
  return fake;
}
