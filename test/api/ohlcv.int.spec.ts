// GET /coins/{mint}/ohlcv on a real chDB store seeded through the projections: candles at every interval equal
// to a recomputation from the fixture trades (open, high, low, close, volume exact), at most the latest 500.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERVAL_SECONDS, INTERVALS } from '../../schemas/api/ohlcv.js';
import { expectedCandles, tradesOf } from './fixtures/expected.js';
import { addressOf } from './fixtures/events.js';
import { startApiHarness, type ApiHarness } from './harness.js';

let h: ApiHarness;
let app: FastifyInstance;
let alpha: string;

beforeAll(async () => {
  h = await startApiHarness();
  app = h.app();
  alpha = h.fixture.coins.alpha.mint;
});
afterAll(async () => h?.close());

async function get(url: string) {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}

describe('GET /coins/{mint}/ohlcv', () => {
  it.each(INTERVALS)('answers %s candles equal to a recomputation from the trades', async (interval) => {
    for (const coin of Object.values(h.fixture.coins)) {
      const { status, body } = await get(`/api/v1/coins/${coin.mint}/ohlcv?interval=${interval}`);
      expect(status).toBe(200);
      expect(body.candles).toEqual(expectedCandles(h.fixture, coin.mint, INTERVAL_SECONDS[interval]));
    }
  });

  it('caps candles at the latest 500 and defaults to 1h', async () => {
    const minutes = (await get(`/api/v1/coins/${alpha}/ohlcv?interval=1m`)).body.candles;
    expect(minutes).toHaveLength(500);
    expect(new Set(tradesOf(h.fixture, alpha).map((trade) => Math.floor(trade.seconds / 60))).size).toBeGreaterThan(500);
    expect(minutes.at(-1).time).toBe(new Date(Math.floor(tradesOf(h.fixture, alpha).at(-1)!.seconds / 60) * 60_000).toISOString());
    expect((await get(`/api/v1/coins/${alpha}/ohlcv`)).body).toEqual((await get(`/api/v1/coins/${alpha}/ohlcv?interval=1h`)).body);
  });

  it('answers no candles for a coin without trades and 404 for an unknown coin', async () => {
    expect((await get(`/api/v1/coins/${h.fixture.coins.quiet.mint}/ohlcv`)).body).toEqual({ candles: [] });
    expect((await get(`/api/v1/coins/${addressOf('nobody')}/ohlcv`)).status).toBe(404);
  });
});
