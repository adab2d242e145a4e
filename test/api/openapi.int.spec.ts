// The generated OpenAPI 3.1 document: version, server, every route, parameter bounds and defaults, error
// responses, and real answers valid against the documented shapes (converted back with z.fromJSONSchema).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startApiHarness, type ApiHarness } from './harness.js';

let h: ApiHarness;
let app: FastifyInstance;
let doc: any;

beforeAll(async () => {
  h = await startApiHarness();
  app = h.app();
  doc = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
});
afterAll(async () => h?.close());

/** Every read of spec 4.1, the service's own copy of a token's logo (2.14 `logoUrl`) and one idea (its page's read). */
const READ_PATHS = [
  '/coins',
  '/tokens',
  '/ideas',
  '/coins/{mint}',
  '/coins/{mint}/rewards',
  '/platform/stats',
  '/platform/funds',
  '/hooks',
  '/platform/burns',
  '/coins/{mint}/trades',
  '/coins/{mint}/ohlcv',
  '/coins/{mint}/holders',
  '/wallets/{wallet}/rewards',
  '/creators/{wallet}',
  '/coins/{mint}/health',
  '/tokens/{mint}/logo',
  '/ideas/{id}',
];
/** The launch steps of spec 4.2 to 4.4, with their methods. */
const LAUNCH_PATHS: Record<string, string[]> = {
  '/launch/terms': ['get', 'post'],
  '/launch/prepare': ['post'],
  '/launch/submit': ['post'],
  '/launch/confirm': ['post'],
  '/launch/launchpad/prepare': ['post'],
  '/launch/launchpad/submit': ['post'],
  '/launch/launchpad/status': ['get'],
};
/** The signed webhook calls of spec 4.5, and the deliveries listing and redelivery beside them. */
const WEBHOOK_PATHS = ['create', 'list', 'delete', 'enable', 'test', 'deliveries', 'redeliver'].map((action) => `/webhooks/${action}`);
/** The live streams (Server-Sent Events). */
const STREAM_PATHS = ['/coins/{mint}/stream', '/stream'];

const param = (path: string, name: string) => doc.paths[path].get.parameters.find((p: { name: string }) => p.name === name);

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document of version 1.0.0 served at /api/v1 with every read, launch and webhook route', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: '1.0.0' });
    expect(doc.servers).toEqual([{ url: '/api/v1' }]);
    expect(Object.keys(doc.paths).sort()).toEqual([...READ_PATHS, ...Object.keys(LAUNCH_PATHS), ...WEBHOOK_PATHS, ...STREAM_PATHS].sort());
    for (const path of STREAM_PATHS) {
      expect(Object.keys(doc.paths[path]), path).toEqual(['get']);
      expect(Object.keys(doc.paths[path].get.responses[200].content), path).toEqual(['text/event-stream']);
      expect(Object.keys(doc.paths[path].get.responses).sort(), path).toEqual(['200', '400', '402', '404', '429', '500']);
    }
    for (const path of WEBHOOK_PATHS) expect(Object.keys(doc.paths[path]), path).toEqual(['post']);
    for (const [path, methods] of Object.entries(LAUNCH_PATHS)) expect(Object.keys(doc.paths[path]), path).toEqual(methods);
    for (const path of READ_PATHS) {
      const item = doc.paths[path];
      expect(Object.keys(item), path).toEqual(['get']);
      expect(Object.keys(item.get.responses).sort()).toEqual(['200', '400', '402', '404', '429', '500']);
      for (const status of ['400', '402', '404', '429', '500']) {
        expect(item.get.responses[status].content['application/json'].schema).toMatchObject({
          type: 'object',
          properties: { error: { type: 'string' } },
          required: ['error'],
        });
      }
    }
  });

  it('describes every event a webhook delivers under `webhooks`, with its body schema', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(['coin.graduated', 'coin.launched', 'payout.paid', 'webhook.test']);
    for (const [type, item] of Object.entries(doc.webhooks as Record<string, any>)) {
      const schema = item.post.requestBody.content['application/json'].schema;
      expect(schema.properties.type).toMatchObject({ const: type });
      expect(schema.required).toEqual(expect.arrayContaining(['id', 'type', 'network', 'occurredAt', 'data']));
    }
  });

  it('states the price of each paid operation and of no other', () => {
    const prices = { basic: { amount: '10000', usd: '0.01' }, premium: { amount: '50000', usd: '0.05' } };
    const paid: Record<string, keyof typeof prices> = {
      '/coins/{mint}/holders': 'basic',
      '/wallets/{wallet}/rewards': 'basic',
      '/creators/{wallet}': 'basic',
      '/coins/{mint}/health': 'premium',
    };
    for (const path of READ_PATHS) {
      const operation = doc.paths[path].get;
      const tier = paid[path];
      if (tier === undefined) {
        expect(operation['x-payment'], path).toBeUndefined();
        continue;
      }
      expect(operation['x-payment'], path).toEqual({
        tier,
        scheme: 'exact',
        network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        asset: h.config.mints.stablecoin,
        ...prices[tier],
      });
      expect(operation.description, path).toContain(`$${prices[tier].usd} a call`);
      expect(operation.responses['402'].description).toMatch(/PAYMENT-REQUIRED/);
    }
  });

  it('states parameter bounds, enums and defaults', () => {
    expect(param('/coins', 'limit')).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 } });
    expect(param('/coins', 'offset')).toMatchObject({ schema: { type: 'integer', minimum: 0, default: 0 } });
    expect(param('/coins', 'sort').schema).toMatchObject({ enum: ['newest', 'volume', 'marketCap'], default: 'newest' });
    expect(param('/coins', 'mode').schema).toMatchObject({ enum: ['any', 'holder', 'creator'], default: 'any' });
    expect(param('/coins', 'graduated').schema).toMatchObject({ enum: ['any', 'true', 'false'], default: 'any' });
    expect(param('/coins', 'q').schema).toMatchObject({ type: 'string', minLength: 1, maxLength: 64 });
    expect(param('/coins/{mint}/trades', 'limit').schema).toMatchObject({ minimum: 1, maximum: 100, default: 50 });
    expect(param('/coins/{mint}/trades', 'before').schema).toMatchObject({ type: 'string', format: 'date-time' });
    expect(param('/coins/{mint}/ohlcv', 'interval').schema).toMatchObject({ enum: ['1m', '5m', '15m', '1h', '4h', '1d'], default: '1h' });
    for (const path of ['/coins/{mint}', '/coins/{mint}/trades', '/coins/{mint}/ohlcv']) {
      expect(param(path, 'mint')).toMatchObject({ in: 'path', required: true, schema: { type: 'string', pattern: expect.any(String) } });
    }
  });

  it('describes the real answers: every route answers a body valid against its documented schema', async () => {
    const mint = h.fixture.coins.alpha.mint;
    const urls: [string, string][] = [
      ['/coins', '/api/v1/coins?limit=100'],
      ['/coins/{mint}', `/api/v1/coins/${mint}`],
      ['/coins/{mint}', `/api/v1/coins/${h.fixture.coins.fresh.mint}`],
      ['/coins/{mint}/trades', `/api/v1/coins/${mint}/trades`],
      ['/coins/{mint}/ohlcv', `/api/v1/coins/${mint}/ohlcv?interval=1d`],
    ];
    for (const [path, url] of urls) {
      const body = (await app.inject({ method: 'GET', url })).json();
      const documented = z.fromJSONSchema(doc.paths[path].get.responses['200'].content['application/json'].schema);
      expect(documented.safeParse(body).error).toBeUndefined();
      expect(documented.safeParse({ ...body, extra: 1 }).success).toBe(false);
    }
    const error = z.fromJSONSchema(doc.paths['/coins'].get.responses['400'].content['application/json'].schema);
    expect(error.safeParse((await app.inject({ method: 'GET', url: '/api/v1/coins?limit=0' })).json()).success).toBe(true);
  });
});
