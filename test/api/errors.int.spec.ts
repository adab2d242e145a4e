// Every bad input of every read route answers 400 `{ error }` (never a 500): out-of-range and non-integer
// limits, bad enums, bad dates, bad mints, unknown query keys, malformed JSON, overlong paths. Unknown routes
// and methods answer 404 in the same shape; an unexpected failure answers a 500 that leaks nothing and is logged.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app.js';
import { encodeBase58 } from '../../infra/crypto/base58.js';
import type { Olap } from '../../infra/olap/olap.js';
import { addressOf, signatureOf } from './fixtures/events.js';
import { startApiHarness, type ApiHarness } from './harness.js';

let h: ApiHarness;
let app: FastifyInstance;

beforeAll(async () => {
  h = await startApiHarness();
  app = h.app();
});
afterAll(async () => h?.close());

const BAD_LIMITS = ['0', '101', '-1', '1.5', 'abc', '', '1e1', ' 5', '0x10', '05', '1&limit=2', '99999999999999999999'];
const BAD_MINTS = [
  'abc',
  '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl',
  encodeBase58(new Uint8Array(31).fill(7)),
  encodeBase58(new Uint8Array(33).fill(7)),
  signatureOf('not a mint'),
  '1'.repeat(45),
  '1'.repeat(600),
  '%20',
  'So11111111111111111111111111111111111111112%00',
];

function cases(): [string, string][] {
  const mint = addressOf('mint:alpha');
  const list: [string, string][] = [];
  const add = (why: string, url: string) => list.push([why, url]);
  for (const limit of BAD_LIMITS) {
    add(`coins limit ${JSON.stringify(limit)}`, `/api/v1/coins?limit=${limit}`);
    add(`trades limit ${JSON.stringify(limit)}`, `/api/v1/coins/${mint}/trades?limit=${limit}`);
  }
  for (const offset of ['-1', '1.5', 'x', '', '99999999999999999999']) add(`coins offset ${offset}`, `/api/v1/coins?offset=${offset}`);
  for (const sort of ['oldest', 'Newest', 'market_cap', '']) add(`coins sort ${sort}`, `/api/v1/coins?sort=${sort}`);
  for (const mode of ['all', 'Holder', '']) add(`coins mode ${mode}`, `/api/v1/coins?mode=${mode}`);
  for (const graduated of ['yes', '1', 'TRUE', '']) add(`coins graduated ${graduated}`, `/api/v1/coins?graduated=${graduated}`);
  for (const q of ['', '%20%20', 'x'.repeat(65)]) add(`coins q ${q.slice(0, 8)}`, `/api/v1/coins?q=${q}`);
  for (const before of ['2025-01-01', '2025-13-01T00:00:00Z', '2025-02-30T00:00:00Z', 'yesterday', '1700000000', '2025-01-01T00:00:00', '2025-01-01%2000:00:00Z', '']) {
    add(`trades before ${before}`, `/api/v1/coins/${mint}/trades?before=${before}`);
  }
  for (const interval of ['2m', '1H', '', 'daily', '60']) add(`ohlcv interval ${interval}`, `/api/v1/coins/${mint}/ohlcv?interval=${interval}`);
  for (const bad of BAD_MINTS) {
    for (const tail of ['', '/trades', '/ohlcv']) add(`mint ${bad.slice(0, 12)}${tail}`, `/api/v1/coins/${bad}${tail}`);
  }
  add('coins unknown key', '/api/v1/coins?foo=1');
  add('coins bracket key', '/api/v1/coins?limit[]=1');
  add('coins prototype key', '/api/v1/coins?__proto__=1');
  add('coin unknown key', `/api/v1/coins/${mint}?limit=1`);
  add('trades unknown key', `/api/v1/coins/${mint}/trades?after=2025-01-01T00:00:00Z`);
  add('ohlcv unknown key', `/api/v1/coins/${mint}/ohlcv?limit=10`);
  return list;
}

describe('bad input', () => {
  it.each(cases())('answers 400 { error } for %s', async (_why, url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['error']);
    expect(typeof body.error).toBe('string');
  });

  it('answers 400 for malformed JSON and 404 { error } for unknown routes and methods', async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/v1/coins', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['error']);
    for (const [method, url] of [
      ['GET', '/api/v1/nothing'],
      ['GET', '/api/v2/coins'],
      ['GET', `/api/v1/coins/${h.fixture.coins.alpha.mint}/holdings`],
      ['POST', '/api/v1/coins'],
      ['DELETE', `/api/v1/coins/${h.fixture.coins.alpha.mint}`],
      ['PUT', '/healthz'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 404 });
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('answers an unexpected failure with a bare 500 and logs it', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'error' }, new Writable({ write: (chunk, _enc, done) => { lines.push(String(chunk)); done(); } }));
    const broken: Olap = {
      exec: async () => {},
      insert: async () => {},
      query: async () => {
        throw new Error('engine exploded: secret=hunter2');
      },
      close: async () => {},
    };
    const failing = buildApp({ olap: broken, config: h.config, logger });
    for (const url of ['/api/v1/coins', `/api/v1/coins/${h.fixture.coins.alpha.mint}`, `/api/v1/coins/${h.fixture.coins.alpha.mint}/trades`]) {
      const res = await failing.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'internal error' });
      expect(res.body).not.toContain('hunter2');
    }
    expect(lines.some((line) => line.includes('engine exploded'))).toBe(true);
    const stillBad = await failing.inject({ method: 'GET', url: '/api/v1/coins?limit=0' });
    expect(stillBad.statusCode).toBe(400);
    await failing.close();
  });
});
