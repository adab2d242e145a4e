// The launch routes in the generated OpenAPI document: every step with its method, the body bounds written
// down (lengths, ranges, counts, patterns, enums), and `{ errors }` for every error status. Without launch
// dependencies the routes still exist and answer 503 in the launch shape.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../schemas/config.js';
import { openLiveStore, type LiveStore } from '../../fixtures/live-store.js';

let store: LiveStore;
let app: FastifyInstance;
let doc: any;

beforeAll(async () => {
  // An empty store: the document and the launch routes without their dependencies need no data.
  store = await openLiveStore({ config: loadConfig({}) });
  app = store.app();
  doc = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
});
afterAll(async () => store?.close());

const body = (path: string) => doc.paths[path].post.requestBody.content['application/json'].schema;

describe('launch routes in the OpenAPI document', () => {
  it('lists every step with its method', () => {
    const steps: [string, string][] = [
      ['/launch/terms', 'get'],
      ['/launch/terms', 'post'],
      ['/launch/prepare', 'post'],
      ['/launch/submit', 'post'],
      ['/launch/confirm', 'post'],
      ['/launch/launchpad/prepare', 'post'],
      ['/launch/launchpad/submit', 'post'],
      ['/launch/launchpad/status', 'get'],
    ];
    for (const [path, method] of steps) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });

  it('publishes the bounds of the pool-venue prepare body', () => {
    const schema = body('/launch/prepare');
    expect(schema.required).toEqual(expect.arrayContaining(['creator', 'mint', 'name', 'ticker', 'mode', 'feeBps']));
    expect(schema.additionalProperties).toBe(false);
    const p = schema.properties;
    expect(p.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 32 });
    expect(p.ticker).toMatchObject({ type: 'string', pattern: expect.stringContaining('{1,10}') });
    expect(p.description).toMatchObject({ maxLength: 1000 });
    expect(p.image).toMatchObject({ maxLength: expect.any(Number), description: expect.stringContaining('512 KiB') });
    expect(p.socials.properties.x).toMatchObject({ maxLength: 200 });
    expect(p.mode.enum).toEqual(['holder', 'creator']);
    expect(p.feeBps).toMatchObject({ type: 'integer', minimum: 0, maximum: 500 });
    expect(p.buyBps).toMatchObject({ type: 'integer', minimum: 0, maximum: 1000 });
    expect(p.basket).toMatchObject({ type: 'array', maxItems: 4 });
    expect(p.basket.items.properties.weight).toMatchObject({ minimum: 1, maximum: 10_000 });
    expect(p.recipients).toMatchObject({ maxItems: 4 });
    expect(p.recipients.items.properties.pct).toMatchObject({ exclusiveMinimum: 0, maximum: 100 });
    expect(p.recipients.items.properties.label).toMatchObject({ maxLength: 32 });
    expect(p.hooks).toMatchObject({ type: 'array', maxItems: 8 });
    expect(p.rollIn).toMatchObject({ type: 'boolean', enum: [false] });
  });

  it('publishes the launchpad prepare body and its answer', () => {
    const schema = body('/launch/launchpad/prepare');
    expect(schema.required).toEqual(expect.arrayContaining(['creator', 'mint', 'name', 'ticker', 'image']));
    expect(schema.properties.holdersPaid.enum).toEqual(['pair', 'basket']);
    expect(schema.properties.buyLamports).toMatchObject({ type: 'string', pattern: expect.any(String) });
    const answer = doc.paths['/launch/launchpad/prepare'].post.responses['200'].content['application/json'].schema;
    expect(Object.keys(answer.properties)).toEqual(expect.arrayContaining(['mint', 'transactions', 'buyTokens', 'buyMaxLamports', 'sponsored']));
    expect(answer.properties.transactions).toMatchObject({ minItems: 1, maxItems: 2 });
  });

  it('describes every launch error as { errors: [...] }', () => {
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith('/launch')) continue;
      for (const operation of Object.values<any>(item)) {
        for (const [status, response] of Object.entries<any>(operation.responses)) {
          if (status === '200') continue;
          expect(response.content['application/json'].schema, `${path} ${status}`).toMatchObject({
            properties: { errors: { type: 'array' } },
            required: ['errors'],
          });
        }
      }
    }
    expect(Object.keys(doc.paths['/launch/prepare'].post.responses).sort()).toEqual(['200', '400', '403', '429', '503']);
    expect(Object.keys(doc.paths['/launch/confirm'].post.responses)).toContain('409');
  });

  it('answers 503 in the launch shape when the service has no launch dependencies', async () => {
    const reply = await app.inject({ method: 'GET', url: `/api/v1/launch/terms?wallet=${loadConfig({}).wallets.sponsor}` });
    expect(reply.statusCode).toBe(503);
    expect(reply.json().errors[0]).toMatch(/launching is not available/);
  });
});
