import { isAllowedOrigin } from '../src/common/origin.js';

/** Which browser origins may make state-changing calls: the request's own (its Host) and PUBLIC_ORIGINS. */
const saved = process.env.PUBLIC_ORIGINS;
afterEach(() => {
  if (saved === undefined) delete process.env.PUBLIC_ORIGINS;
  else process.env.PUBLIC_ORIGINS = saved;
});

test('no Origin and no Referer (curl, server-to-server) is allowed', () => {
  expect(isAllowedOrigin({ host: 'app.example' }, false)).toBe(true);
});

test("the request's own origin is allowed, with the scheme it was served over", () => {
  expect(isAllowedOrigin({ host: 'localhost:3000', origin: 'http://localhost:3000' }, false)).toBe(true);
  expect(isAllowedOrigin({ host: 'app.example', origin: 'https://app.example' }, true)).toBe(true);
  // The same host over the other scheme is another origin.
  expect(isAllowedOrigin({ host: 'app.example', origin: 'http://app.example' }, true)).toBe(false);
  expect(isAllowedOrigin({ host: 'localhost:3000', origin: 'http://localhost:3001' }, false)).toBe(false);
});

test('a foreign origin is refused, also when only its Referer says so', () => {
  expect(isAllowedOrigin({ host: 'app.example', origin: 'http://evil.example' }, false)).toBe(false);
  expect(isAllowedOrigin({ host: 'app.example', referer: 'http://evil.example/page?x=1' }, false)).toBe(false);
  expect(isAllowedOrigin({ host: 'app.example', referer: 'http://app.example/settings' }, false)).toBe(true);
});

test('Origin wins over Referer, and an opaque or broken Origin is refused', () => {
  expect(isAllowedOrigin({ host: 'app.example', origin: 'http://evil.example', referer: 'http://app.example/' }, false)).toBe(false);
  expect(isAllowedOrigin({ host: 'app.example', origin: 'null' }, false)).toBe(false);
  expect(isAllowedOrigin({ host: 'app.example', origin: 'not a url' }, false)).toBe(false);
});

test('PUBLIC_ORIGINS (comma-separated) are allowed besides the own origin', () => {
  process.env.PUBLIC_ORIGINS = 'https://trendforge.example, https://www.trendforge.example/';
  expect(isAllowedOrigin({ host: '10.0.0.5:3000', origin: 'https://trendforge.example' }, false)).toBe(true);
  expect(isAllowedOrigin({ host: '10.0.0.5:3000', origin: 'https://www.trendforge.example' }, false)).toBe(true);
  expect(isAllowedOrigin({ host: '10.0.0.5:3000', origin: 'https://other.example' }, false)).toBe(false);
});
