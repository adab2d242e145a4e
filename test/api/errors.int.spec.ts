// Every bad input of every read route answers 400 `{ error }` (never a 500): out-of-range and non-integer
// limits, bad enums, bad dates, bad mints, malformed JSON, overlong paths. Unknown query keys (dashboards add
// cache-busting ones) are ignored: the answer is the one without them, bracket and prototype keys included, and
// nothing is polluted; a known key with an invalid value still answers 400 beside an unknown key, on every route
// family (the launch GETs in their `{ errors }` shape). Unknown routes answer 404 in the same shape, a known path asked with another method 405 with Allow;
// an unexpected failure answers a 500 that leaks nothing and is logged.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app.js';
import { encodeBase58 } from '../../schemas/base58.js';
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
  for (const before of [
    '2025-01-01',
    '2025-13-01T00:00:00Z',
    '2025-02-30T00:00:00Z',
    'yesterday',
    '1700000000',
    '2025-01-01T00:00:00',
    '2025-01-01%2000:00:00Z',
    '',
  ]) {
    add(`trades before ${before}`, `/api/v1/coins/${mint}/trades?before=${before}`);
  }
  for (const interval of ['2m', '1H', '', 'daily', '60']) add(`ohlcv interval ${interval}`, `/api/v1/coins/${mint}/ohlcv?interval=${interval}`);
  for (const bad of BAD_MINTS) {
    for (const tail of ['', '/trades', '/ohlcv']) add(`mint ${bad.slice(0, 12)}${tail}`, `/api/v1/coins/${bad}${tail}`);
  }
  return list;
}

/** Unknown keys, each with the same request without them: the two must answer alike. */
function ignoredCases(): [string, string, string][] {
  const mint = addressOf('mint:alpha');
  const wallet = addressOf('trader:0');
  const creator = addressOf('creator:alpha');
  return [
    ['coins unknown key', '/api/v1/coins?foo=1', '/api/v1/coins'],
    ['coins cache-busting key beside known keys', '/api/v1/coins?sort=volume&_=1700000000000&limit=2', '/api/v1/coins?sort=volume&limit=2'],
    ['coins bracket key', '/api/v1/coins?limit[]=1', '/api/v1/coins'],
    ['coins nested bracket key', '/api/v1/coins?a[b]=1&limit=3', '/api/v1/coins?limit=3'],
    ['coin unknown key', `/api/v1/coins/${mint}?limit=1`, `/api/v1/coins/${mint}`],
    ['trades unknown key', `/api/v1/coins/${mint}/trades?after=2025-01-01T00:00:00Z`, `/api/v1/coins/${mint}/trades`],
    ['ohlcv unknown key', `/api/v1/coins/${mint}/ohlcv?limit=10`, `/api/v1/coins/${mint}/ohlcv`],
    ['holders unknown key', `/api/v1/coins/${mint}/holders?offset=1`, `/api/v1/coins/${mint}/holders`],
    ['coin rewards unknown key', `/api/v1/coins/${mint}/rewards?round=1`, `/api/v1/coins/${mint}/rewards`],
    ['wallet rewards unknown key', `/api/v1/wallets/${wallet}/rewards?mint=${mint}`, `/api/v1/wallets/${wallet}/rewards`],
    ['health unknown key', `/api/v1/coins/${mint}/health?limit=1`, `/api/v1/coins/${mint}/health`],
    ['creator unknown key', `/api/v1/creators/${creator}?limit=5`, `/api/v1/creators/${creator}`],
    ['ideas unknown key', '/api/v1/ideas?sort=new', '/api/v1/ideas'],
    ['tokens unknown key', '/api/v1/tokens?q=alpha&page=2', '/api/v1/tokens?q=alpha'],
    ['hooks unknown key', '/api/v1/hooks?status=live', '/api/v1/hooks'],
    ['platform stats unknown key', '/api/v1/platform/stats?days=7', '/api/v1/platform/stats'],
    ['platform funds unknown key', '/api/v1/platform/funds?fund=burn', '/api/v1/platform/funds'],
    ['platform burns unknown key', '/api/v1/platform/burns?day=2025-01-01', '/api/v1/platform/burns'],
  ];
}

/** Prototype keys, plain and nested: ignored like any unknown key, and never written onto a prototype. */
const PROTOTYPE_KEYS = ['__proto__=1', '__proto__[polluted]=1', 'constructor=1', 'constructor[prototype][polluted]=1', 'prototype=1', 'hasOwnProperty=1'];

/** A known key with an invalid value beside an unknown key, one per route family: still 400, naming the known key. */
function stillRefused(): [string, string, string][] {
  const mint = addressOf('mint:alpha');
  const wallet = addressOf('trader:0');
  return [
    ['coins', '/api/v1/coins?limit=0&_=123', 'limit'],
    ['coin', '/api/v1/coins/abc?_=123', 'mint'],
    ['trades', `/api/v1/coins/${mint}/trades?_=123&before=yesterday`, 'before'],
    ['ohlcv', `/api/v1/coins/${mint}/ohlcv?interval=2m&_=123`, 'interval'],
    ['holders', `/api/v1/coins/${mint}/holders?limit=0&_=123`, 'limit'],
    ['health', '/api/v1/coins/abc/health?_=123', 'mint'],
    ['coin rewards', `/api/v1/coins/${mint}/rewards?limit=51&_=123`, 'limit'],
    ['wallet rewards', `/api/v1/wallets/${wallet}/rewards?coin=abc&_=123`, 'coin'],
    ['creators', '/api/v1/creators/abc?_=123', 'wallet'],
    ['ideas', '/api/v1/ideas?limit=26&_=123', 'limit'],
    ['tokens', '/api/v1/tokens?q=a&limit=11&_=123', 'limit'],
    ['platform burns', '/api/v1/platform/burns?date=2026-02-30&_=123', 'date'],
  ];
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

  it.each(stillRefused())('answers 400 { error } for an invalid known key beside an unknown key on %s', async (_family, url, field) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['error']);
    expect(typeof body.error).toBe('string');
    // Refused for the known key; the unknown one is not what is named.
    expect(body.error).toContain(`${field}: `);
    expect(body.error).not.toMatch(/unrecognized|unknown key|\b_:/i);
  });

  it('answers 400 { errors } for an invalid known key beside an unknown key on the launch GETs', async () => {
    for (const [url, field] of [
      ['/api/v1/launch/terms?wallet=nope&_=123', 'wallet'],
      ['/api/v1/launch/terms?_=123', 'wallet'],
      ['/api/v1/launch/launchpad/status?_=123&mint=zzz', 'mint'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      const body = res.json();
      expect(Object.keys(body)).toEqual(['errors']);
      expect(body.errors).toEqual([expect.stringMatching(new RegExp(`^${field}: `))]);
    }
  });

  it('answers 400 for malformed JSON, 404 { error } for unknown routes and 405 with Allow for a known path asked with another method', async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/v1/webhooks/list', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['error']);
    // The method is wrong whatever the body: a malformed one, or none where a body would need a content type.
    const wrongMethod = await app.inject({ method: 'POST', url: '/api/v1/coins', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(wrongMethod.statusCode).toBe(405);
    const query = await app.inject({ method: 'QUERY' as 'GET', url: '/api/v1/coins' });
    expect({ status: query.statusCode, allow: query.headers.allow }).toEqual({ status: 405, allow: 'GET, HEAD' });
    for (const [method, url] of [
      ['GET', '/api/v1/nothing'],
      ['GET', '/api/v2/coins'],
      ['GET', `/api/v1/coins/${h.fixture.coins.alpha.mint}/holdings`],
      ['DELETE', '/api/v1/nothing'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 404 });
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    for (const [method, url, allow] of [
      ['POST', '/api/v1/coins', 'GET, HEAD'],
      ['DELETE', `/api/v1/coins/${h.fixture.coins.alpha.mint}`, 'GET, HEAD'],
      ['PUT', '/healthz', 'GET, HEAD'],
      ['GET', '/api/v1/webhooks/list', 'POST'],
      ['TRACE', '/api/v1/webhooks/list', 'POST'],
      ['PATCH', '/api/v1/launch/terms', 'GET, HEAD, POST'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect({ method, url, status: res.statusCode, allow: res.headers.allow }).toEqual({ method, url, status: 405, allow });
      expect(res.json()).toEqual({ error: expect.stringContaining(`use ${allow.replace(/, /g, ' or ')}`) });
    }
  });

  it('answers an unexpected failure with a bare 500 and logs it', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'error' },
      new Writable({
        write: (chunk, _enc, done) => {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const explode = () => {
      throw new Error('engine exploded: secret=hunter2');
    };
    const broken: Olap = {
      exec: async () => {},
      insert: async () => {},
      query: async () => explode(),
      close: async () => {},
    };
    // The hot reads answer from the live views, the rest from the store: both fail here. The views fail on reading
    // (the coin board's moment, the trade window's run) while still knowing which coins exist, as a fault would.
    const { views } = h.store;
    const board = Object.create(views.board, { at: { value: explode } }) as typeof views.board;
    const trades = Object.create(views.trades, { run: { value: explode } }) as typeof views.trades;
    const failing = buildApp({ olap: broken, views: { ...views, board, trades }, config: h.config, logger });
    const mint = h.fixture.coins.alpha.mint;
    for (const url of ['/api/v1/coins', `/api/v1/coins/${mint}`, `/api/v1/coins/${mint}/trades`, `/api/v1/coins/${mint}/holders`, '/api/v1/platform/stats']) {
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

describe('unknown query keys', () => {
  it.each(ignoredCases())('ignores the %s: 200 and the answer without it', async (_why, url, without) => {
    const plain = await app.inject({ method: 'GET', url: without });
    expect(plain.statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(plain.json());
  });

  it.each(PROTOTYPE_KEYS)('ignores the prototype key %s safely: 200, the same answer, nothing polluted', async (key) => {
    const plain = await app.inject({ method: 'GET', url: '/api/v1/coins?limit=2' });
    expect(plain.statusCode).toBe(200);
    const whole = await app.inject({ method: 'GET', url: '/api/v1/coins' });
    for (const [url, answer] of [
      [`/api/v1/coins?${key}`, whole],
      [`/api/v1/coins?${key}&limit=2`, plain],
      [`/api/v1/coins?limit=2&${key}`, plain],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.json()).toEqual(answer.json());
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
    expect(typeof Object.prototype.hasOwnProperty).toBe('function');
    expect({}.constructor).toBe(Object);
    // Known keys still read as they should once the prototype key was seen.
    const again = await app.inject({ method: 'GET', url: '/api/v1/coins?limit=0' });
    expect(again.statusCode).toBe(400);
  });
});
