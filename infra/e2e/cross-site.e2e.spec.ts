import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { ApiMember, openPage, useE2EStack } from './harness.js';

/**
 * What a page on another site can make a visitor's Chromium do to TrendForge (issue 14, points 3–5):
 * a form that signs the visitor in as the attacker (login CSRF) and a WebSocket that runs a
 * mutation are both refused. And the app's own pages run under its Content-Security-Policy
 * without a single violation.
 */
describe('cross-site requests and the content security policy', () => {
  const suite = useE2EStack('cross-site');
  let attacker: Server;
  let attackerUrl: string;
  const credentials = { email: `victim.${Date.now()}@example.com`, password: 'secret-pass' };

  beforeAll(async () => {
    await new ApiMember(suite.url).json('POST', '/api/auth/register', { username: `victim_${Date.now()}`, ...credentials }, 201);
    attacker = createServer((req, res) => {
      const login = `${suite.url}/api/auth/login`;
      res.setHeader('content-type', 'text/html');
      res.end(req.url === '/form'
        ? `<!doctype html><form method="POST" action="${login}"><input name="email" value="${credentials.email}"><input name="password" value="${credentials.password}"></form><script>document.forms[0].submit()</script>`
        : '<!doctype html><title>elsewhere</title>');
    });
    // The app is http://localhost:<port>; 127.0.0.1 on a port of its own is another site.
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => attacker?.close(resolve));
  });

  async function inContext<T>(use: (context: BrowserContext) => Promise<T>): Promise<T> {
    const context = await suite.browser.newContext();
    try {
      return await use(context);
    } finally {
      await context.close();
    }
  }

  test("a form on another site cannot sign the visitor in with the attacker's account", async () => {
    await inContext(async (context) => {
      const page = await context.newPage();
      const answer = page.waitForResponse((response) => response.url() === `${suite.url}/api/auth/login`);
      await page.goto(`${attackerUrl}/form`);
      expect((await answer).status()).toBe(403);
      expect(await context.cookies(suite.url)).toEqual([]);
    });
  });

  test('a WebSocket from another site cannot run a mutation', async () => {
    const intruder = { username: `intruder_${Date.now()}`, email: `intruder.${Date.now()}@example.com`, password: 'secret-pass' };
    const outcome = await inContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${attackerUrl}/socket`);
      return page.evaluate(({ url, input }) => new Promise<{ acked: boolean; messages: string[]; closeCode: number }>((resolve) => {
        const seen = { acked: false, messages: [] as string[], closeCode: 0 };
        const socket = new WebSocket(url, 'graphql-transport-ws');
        socket.onopen = () => socket.send(JSON.stringify({ type: 'connection_init' }));
        socket.onmessage = (event) => {
          const message = JSON.parse(String(event.data)) as { type: string };
          seen.messages.push(message.type);
          if (message.type === 'connection_ack') {
            seen.acked = true;
            const query = 'mutation Register($input: RegisterInput!) { register(input: $input) { id } }';
            socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables: { input } } }));
          }
          // The mutation answered one way or the other: done.
          if (message.type === 'next' || message.type === 'error' || message.type === 'complete') socket.close(1000);
        };
        socket.onclose = (event) => resolve({ ...seen, closeCode: event.code });
      }), { url: `${suite.url.replace(/^http/, 'ws')}/graphql`, input: intruder });
    });
    expect(outcome.acked).toBe(false);
    expect(outcome.messages).not.toContain('next');
    expect(outcome.closeCode).not.toBe(1000);
    // Nothing ran: the account does not exist.
    const login = await new ApiMember(suite.url).request('POST', '/api/auth/login', { email: intruder.email, password: intruder.password });
    expect(login.status).toBe(401);
  });

  /** Every CSP violation a page reports: its `securitypolicyviolation` events and Chromium's console errors. */
  async function violationsOn(context: BrowserContext, path: string): Promise<string[]> {
    await context.addInitScript(() => {
      const found: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = found;
      document.addEventListener('securitypolicyviolation', (event) => found.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const page: Page = await context.newPage();
    const logged: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) logged.push(message.text());
    });
    await openPage(page, `${suite.url}${path}`);
    await page.waitForLoadState('networkidle');
    const events = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    return [...events, ...logged];
  }

  test.each(['/', '/about-trendforge', '/waitlist'])('%s runs under the CSP without a violation', async (path) => {
    const response = await fetch(`${suite.url}${path}`);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await inContext((context) => violationsOn(context, path))).toEqual([]);
  });

  test('a signed-in /forge runs under the CSP without a violation', async () => {
    const member = await ApiMember.register(suite.url, 'csp');
    await member.json('PUT', '/api/users/onboarding', { hasOnboarded: true });
    const violations = await inContext(async (context) => {
      const [name, value] = member.sessionCookie.split('=');
      await context.addCookies([{ name, value, url: suite.url }]);
      return violationsOn(context, '/forge');
    });
    expect(violations).toEqual([]);
  });
});
