// Cross-origin reads from the browser: any origin may GET the reads, the OpenAPI document and the site's coin
// resources, with the payment and allowance headers exposed; a preflight for a paid read's PAYMENT-SIGNATURE is
// allowed; the allowance's 429 carries the same headers; the signed POST calls are not opened to other origins.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from './harness.js';

const ORIGIN = 'https://dashboard.example';
const EXPOSED = ['PAYMENT-REQUIRED', 'PAYMENT-RESPONSE', 'RateLimit-Policy', 'RateLimit', 'Retry-After'];

let h: ApiHarness;
let app: FastifyInstance;

beforeAll(async () => {
  h = await startApiHarness();
  app = h.app();
});
afterAll(async () => h?.close());

const exposed = (headers: Record<string, unknown>) => String(headers['access-control-expose-headers'] ?? '').split(/,\s*/);

describe('CORS', () => {
  it('lets any origin read the reads, the OpenAPI document and the coin metadata, with the payment and allowance headers exposed', async () => {
    const mint = h.fixture.coins.alpha.mint;
    for (const url of [
      `/api/v1/coins/${mint}`,
      '/api/v1/hooks',
      `/api/v1/coins/${mint}/trades?limit=2`,
      '/api/v1/openapi.json',
      `/coins/${mint}/metadata.json`,
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: { origin: ORIGIN } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['access-control-allow-origin'], url).toBe('*');
      expect(exposed(response.headers), url).toEqual(expect.arrayContaining(EXPOSED));
      expect(response.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
  });

  it('answers the preflight of a paid read that sends PAYMENT-SIGNATURE', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: `/api/v1/coins/${h.fixture.coins.alpha.mint}/holders`,
      headers: { origin: ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'payment-signature' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(String(response.headers['access-control-allow-methods'])).toContain('GET');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('payment-signature');
    expect(response.headers['access-control-max-age']).toBe('86400');
  });

  it('keeps the headers on errors and on the allowance refusal', async () => {
    const strict = h.app(0, { config: { ...h.config, allowance: { ...h.config.allowance, perMinute: 1 } } });
    const first = await strict.inject({ method: 'GET', url: '/api/v1/hooks', headers: { origin: ORIGIN } });
    expect(first.statusCode).toBe(200);
    const refused = await strict.inject({ method: 'GET', url: '/api/v1/hooks', headers: { origin: ORIGIN } });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(exposed(refused.headers)).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit']));
    const bad = await app.inject({ method: 'GET', url: '/api/v1/coins/not-a-mint', headers: { origin: ORIGIN } });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['access-control-allow-origin']).toBe('*');
  });

  it('does not open the signed POST calls to other origins', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/webhooks/create',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(String(response.headers['access-control-allow-methods'] ?? '')).not.toContain('POST');
  });
});
