// GET /coins/{mint} on a real chDB store seeded through the projections: the coin in full for each kind of
// coin, the figuresPending minute, and 404 for well-formed addresses that are not coins.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STABLECOIN_CURVE } from '../../schemas/programs/launchpad/constants.js';
import { expectedFigures, expectedPrice, tradesOf } from './fixtures/expected.js';
import { addressOf } from './fixtures/events.js';
import { startApiHarness, type ApiHarness } from './harness.js';

let h: ApiHarness;
let app: FastifyInstance;
let c: ApiHarness['fixture']['coins'];

beforeAll(async () => {
  h = await startApiHarness();
  app = h.app();
  c = h.fixture.coins;
});
afterAll(async () => h?.close());

async function get(url: string, on = app) {
  const res = await on.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}

describe('GET /coins/{mint}', () => {
  it('answers a launchpad coin in full', async () => {
    const { status, body } = await get(`/api/v1/coins/${c.beta.mint}`);
    expect(status).toBe(200);
    const last = tradesOf(h.fixture, c.beta.mint).at(-1)!;
    const sold = STABLECOIN_CURVE.initialVirtualToken - last.reserves.token;
    const bps = (sold * 10_000n) / STABLECOIN_CURVE.curveAllotment;
    expect(body).toEqual({
      mint: c.beta.mint,
      user: { name: 'Beta Cat', symbol: 'BETA', description: null, socials: { x: null, telegram: null, website: null }, uri: 'https://example.com/beta.json' },
      mode: 'creator',
      graduated: false,
      createdAt: new Date(c.beta.launchedAt * 1000).toISOString(),
      quote: { mint: c.beta.quoteMint, decimals: 6 },
      figuresPending: false,
      ...expectedFigures(h.fixture, c.beta.mint),
      holders: 0,
      bondingProgressPct: `${bps / 100n}.${(bps % 100n).toString().padStart(2, '0')}`,
      venue: 'launchpad',
      creator: { wallet: addressOf('creator:beta') },
      pools: [{ kind: 'curve', address: c.beta.curve, active: true }],
      holdersPaid: 'pair',
      basket: [],
      creatorSplit: [
        { wallet: addressOf('creator:beta'), pct: 70 },
        { wallet: addressOf('friend'), pct: 30 },
      ],
      fee: { bps: 100 },
      pair: { mint: c.beta.quoteMint, kind: 'stablecoin' },
      hooks: [],
      token: 'spl',
      decimals: 6,
      supply: '1000000000000000',
      graduation: null,
    });
  });

  it('answers graduation, pools, baskets, hooks and token program', async () => {
    const alpha = (await get(`/api/v1/coins/${c.alpha.mint}`)).body;
    expect(alpha.graduation).toEqual({ time: new Date(c.alpha.graduation!.seconds * 1000).toISOString(), pool: c.alpha.graduation!.pool });
    expect(alpha.pools).toEqual([
      { kind: 'curve', address: c.alpha.curve, active: false },
      { kind: 'locked-pool', address: c.alpha.graduation!.pool, active: true },
    ]);
    expect(alpha.pair).toEqual({ mint: c.alpha.quoteMint, kind: 'sol' });
    const gamma = (await get(`/api/v1/coins/${c.gamma.mint}`)).body;
    expect(gamma).toMatchObject({
      venue: 'pool-venue',
      holdersPaid: 'basket',
      bondingProgressPct: null,
      pools: [{ kind: 'pool', address: c.gamma.pool, active: true }],
    });
    expect(gamma.basket.map((token: { weight: number }) => token.weight)).toEqual([6_000, 4_000]);
    const quiet = (await get(`/api/v1/coins/${c.quiet.mint}`)).body;
    expect(quiet).toMatchObject({ token: 'token-2022', hooks: ['anti-sniper'], ...expectedFigures(h.fixture, c.quiet.mint), bondingProgressPct: '0.00' });
    expect(quiet).toMatchObject({
      volume24h: '0',
      change24hPct: '0.00',
      price: expectedPrice(c.quiet.initial!.quote, c.quiet.initial!.token, c.quiet.quoteDecimals),
    });
  });

  it('keeps figures pending for the first minute, then computes them', async () => {
    const pending = { figuresPending: true, price: null, marketCap: null, volume24h: null, change24hPct: null, holders: null, bondingProgressPct: null };
    expect((await get(`/api/v1/coins/${c.fresh.mint}`)).body).toMatchObject(pending);
    expect((await get(`/api/v1/coins/${c.fresh.mint}`, h.app(29))).body).toMatchObject(pending);
    const later = (await get(`/api/v1/coins/${c.fresh.mint}`, h.app(30))).body;
    const trade = tradesOf(h.fixture, c.fresh.mint)[0]!;
    // Fresh records its curve facts: progress uses its own allotment, the change runs from the launch price.
    const progress = ((c.fresh.initial!.token - trade.reserves.token) * 10_000n) / c.fresh.allotment!;
    expect(later).toEqual({
      ...later,
      figuresPending: false,
      ...expectedFigures(h.fixture, c.fresh.mint, c.fresh.launchedAt + 60),
      price: expectedPrice(trade.reserves.quote, trade.reserves.token, c.fresh.quoteDecimals),
      volume24h: trade.quoteAmount.toString(),
      holders: 0,
      bondingProgressPct: `${progress / 100n}.${(progress % 100n).toString().padStart(2, '0')}`,
    });
    expect(later.change24hPct).not.toBe('0.00');
  });

  it('answers 404 for a well-formed address that is not a coin', async () => {
    for (const mint of [addressOf('unknown'), '11111111111111111111111111111111', c.alpha.curve]) {
      const { status, body } = await get(`/api/v1/coins/${mint}`);
      expect(status).toBe(404);
      expect(body).toEqual({ error: expect.stringContaining(String(mint)) });
    }
  });
});
