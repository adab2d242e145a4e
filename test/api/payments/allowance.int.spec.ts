// The free allowance on the API (spec 8) on a controllable clock: 120 requests a minute per visitor over the reads,
// the 121st answered 429 with Retry-After and the RateLimit fields, the next minute open again; visitors counted apart
// (IPv6 by /64); X-Forwarded-For believed only through the configured trusted proxies; launch steps not counted; the
// allowance off at 0. Without a paywall a 429 names no price; with paid calls unavailable, paid reads answer 503.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDeps } from '../../../api/app.js';
import { startApiHarness, type ApiHarness } from '../harness.js';

let h: ApiHarness;
let now: number;
const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);

beforeAll(async () => {
  h = await startApiHarness();
});
afterAll(async () => {
  await h.close();
});

function appWith(perMinute: number, trustedProxies = 0, extra: Partial<ApiDeps> = {}): FastifyInstance {
  now = T0;
  return h.app(0, { config: { ...h.config, allowance: { ...h.config.allowance, perMinute, trustedProxies } }, clock: () => new Date(now), ...extra });
}

const coin = () => `/api/v1/coins/${h.fixture.coins.alpha.mint}`;
const get = (app: FastifyInstance, url: string, remoteAddress = '198.51.100.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, remoteAddress, headers });

describe('the free allowance', () => {
  it('serves 120 requests a minute, answers the 121st 429 with Retry-After and the RateLimit fields, and opens the next minute', async () => {
    const app = appWith(120);
    for (let i = 0; i < 120; i++) {
      const response = await get(app, i % 2 === 0 ? coin() : '/api/v1/hooks');
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-policy']).toBe('free;q=120;w=60');
      expect(response.headers.ratelimit).toBe(`free;r=${119 - i};t=60`);
    }
    now += 20_000;
    const refused = await get(app, coin());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'too many requests: the free allowance is 120 requests a minute; try again in 40 s' });
    expect(refused.headers['retry-after']).toBe('40');
    expect(refused.headers.ratelimit).toBe('free;r=0;t=40');
    expect(refused.headers['payment-required']).toBeUndefined();
    expect((await get(app, '/api/v1/openapi.json')).statusCode).toBe(429);
    expect((await get(app, `${coin()}/trades?limit=0`)).statusCode).toBe(429);
    now += 40_000;
    const open = await get(app, coin());
    expect(open.statusCode).toBe(200);
    expect(open.headers.ratelimit).toBe('free;r=119;t=60');
  });

  it('counts visitors apart, an IPv6 /64 as one visitor', async () => {
    const app = appWith(2);
    for (const address of ['198.51.100.1', '198.51.100.2', '2001:db8:1:2::1', '2001:db8:1:3::1']) {
      expect((await get(app, coin(), address)).statusCode).toBe(200);
    }
    expect((await get(app, coin(), '2001:db8:1:2::ffff')).statusCode).toBe(200);
    expect((await get(app, coin(), '2001:db8:1:2:abcd::9')).statusCode).toBe(429);
    expect((await get(app, coin(), '198.51.100.1')).statusCode).toBe(200);
    expect((await get(app, coin(), '::ffff:198.51.100.1')).statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy, and follows it through one that is', async () => {
    const direct = appWith(1);
    expect((await get(direct, coin(), '198.51.100.1', { 'x-forwarded-for': '203.0.113.1' })).statusCode).toBe(200);
    expect((await get(direct, coin(), '198.51.100.1', { 'x-forwarded-for': '203.0.113.2' })).statusCode).toBe(429);
    const proxied = appWith(1, 1);
    expect((await get(proxied, coin(), '10.0.0.1', { 'x-forwarded-for': '203.0.113.1' })).statusCode).toBe(200);
    expect((await get(proxied, coin(), '10.0.0.1', { 'x-forwarded-for': '203.0.113.2' })).statusCode).toBe(200);
    expect((await get(proxied, coin(), '10.0.0.2', { 'x-forwarded-for': '203.0.113.1' })).statusCode).toBe(429);
    // Only the nearest hop is the trusted proxy's word: what the client put before it is not believed.
    expect((await get(proxied, coin(), '10.0.0.1', { 'x-forwarded-for': '192.0.2.9, 203.0.113.2' })).statusCode).toBe(429);
  });

  it('leaves the launch steps to their own limits', async () => {
    const app = appWith(1);
    for (let i = 0; i < 3; i++) {
      const response = await get(app, '/api/v1/launch/terms?wallet=11111111111111111111111111111111');
      expect(response.statusCode).not.toBe(429);
      expect(response.headers.ratelimit).toBeUndefined();
    }
    expect((await get(app, coin())).statusCode).toBe(200);
  });

  it('is off at 0: no RateLimit fields and no 429', async () => {
    const app = appWith(0);
    for (let i = 0; i < 200; i++) {
      const response = await get(app, '/api/v1/hooks');
      expect(response.statusCode).toBe(200);
      expect(response.headers.ratelimit).toBeUndefined();
    }
  });
});

describe('paid reads without a way to take payments', () => {
  it('answer 503, and free reads are served', async () => {
    const app = appWith(0, 0, { paidCalls: 'unavailable' });
    const holders = await get(app, `${coin()}/holders`);
    expect(holders.statusCode).toBe(503);
    expect(holders.json()).toEqual({ error: expect.stringContaining('paid calls are not available') });
    expect((await get(app, coin())).statusCode).toBe(200);
  });
});
