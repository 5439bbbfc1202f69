import { loadGatewayConfig } from '../src/config.js';

/** The gateway's own settings: the public origin absolute URLs start with, and the per-address limits. */
const local = { STORAGE_DRIVER: 'local', STORAGE_DIR: '/tmp/s' };

describe('PUBLIC_ORIGIN', () => {
  test('defaults to the gateway on this machine in development, following PORT', () => {
    expect(loadGatewayConfig(local).PUBLIC_ORIGIN).toBe('http://localhost:3000');
    expect(loadGatewayConfig({ ...local, PORT: '4100' }).PUBLIC_ORIGIN).toBe('http://localhost:4100');
  });

  test('is required in production: no absolute URL is ever made from a request\'s Host', () => {
    expect(() => loadGatewayConfig({ ...local, NODE_ENV: 'production' })).toThrow(/PUBLIC_ORIGIN: is required in production/);
    expect(loadGatewayConfig({ ...local, NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://trendforge.example/' }).PUBLIC_ORIGIN).toBe('https://trendforge.example');
  });

  test.each(['trendforge.example', 'ftp://trendforge.example', 'https://trendforge.example/app', 'https://trendforge.example?x=1'])('refuses %s: an origin only', (value) => {
    expect(() => loadGatewayConfig({ ...local, PUBLIC_ORIGIN: value })).toThrow(/PUBLIC_ORIGIN/);
  });
});

describe('limits', () => {
  test('per route 600 and per address 1,200 requests a minute, 100 connections per address, unless set', () => {
    expect(loadGatewayConfig(local)).toEqual(expect.objectContaining({ RATE_LIMIT_PER_ROUTE: 600, RATE_LIMIT_PER_ADDRESS: 1200, CONNECTIONS_PER_ADDRESS: 100 }));
    expect(loadGatewayConfig({ ...local, RATE_LIMIT_PER_ROUTE: '100', RATE_LIMIT_PER_ADDRESS: '300', CONNECTIONS_PER_ADDRESS: '20' }))
      .toEqual(expect.objectContaining({ RATE_LIMIT_PER_ROUTE: 100, RATE_LIMIT_PER_ADDRESS: 300, CONNECTIONS_PER_ADDRESS: 20 }));
    expect(() => loadGatewayConfig({ ...local, CONNECTIONS_PER_ADDRESS: '0' })).toThrow(/CONNECTIONS_PER_ADDRESS/);
  });
});

describe('COOKIE_SECURE', () => {
  test('on by default in production, off by default elsewhere, and as set when set', () => {
    const origin = { PUBLIC_ORIGIN: 'https://trendforge.example' };
    expect(loadGatewayConfig(local).COOKIE_SECURE).toBe(false);
    expect(loadGatewayConfig({ ...local, ...origin, NODE_ENV: 'production' }).COOKIE_SECURE).toBe(true);
    expect(loadGatewayConfig({ ...local, ...origin, NODE_ENV: 'production', COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
    expect(loadGatewayConfig({ ...local, COOKIE_SECURE: 'true' }).COOKIE_SECURE).toBe(true);
  });
});
