// GET /coins on a real chDB store seeded through the projections (written twice, as a replay would):
// filters, sorts, paging with `next`, search by mint, symbol and name part, figures recomputed from the trades.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedFigures } from './fixtures/expected.js';
import { addressOf } from './fixtures/events.js';
import { SOL_MICRO_USD, type FixtureCoin } from './fixtures/market.js';
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

const mints = (body: { coins: { mint: string }[] }) => body.coins.map((coin) => coin.mint);
/** A quote amount in lamports as the sorts rank it: the stablecoin ($1, 6 decimals) at the latest SOL price. */
const inLamports = (coin: FixtureCoin, amount: bigint) => (coin.quoteDecimals === 6 ? (amount * 1_000_000_000n) / SOL_MICRO_USD.latest : amount);
const byNewest = (list: FixtureCoin[]) => [...list].sort((a, b) => b.launchedAt - a.launchedAt).map((coin) => coin.mint);

describe('GET /coins', () => {
  it('lists every coin newest first with defaults', async () => {
    const { status, body } = await get('/api/v1/coins');
    expect(status).toBe(200);
    expect(mints(body)).toEqual([c.fresh.mint, c.beta.mint, c.quiet.mint, c.alpha.mint, c.gamma.mint]);
    expect(body.next).toBeNull();
  });

  it('pages with limit, offset and next without overlap', async () => {
    const seen: string[] = [];
    let offset: number | null = 0;
    const nexts: (number | null)[] = [];
    while (offset !== null) {
      const { body } = await get(`/api/v1/coins?limit=2&offset=${offset}`);
      seen.push(...mints(body));
      nexts.push(body.next);
      offset = body.next;
    }
    expect(nexts).toEqual([2, 4, null]);
    expect(seen).toEqual(byNewest(Object.values(c)));
    expect((await get('/api/v1/coins?offset=5')).body).toEqual({ coins: [], next: null });
  });

  it('sorts by 24h volume in lamports (stablecoin coins at the latest SOL price), pending coins last', async () => {
    const volume = (coin: FixtureCoin) => inLamports(coin, BigInt(expectedFigures(h.fixture, coin.mint).volume24h));
    const ready = [c.alpha, c.beta, c.gamma, c.quiet].sort((a, b) => Number(volume(b) - volume(a)) || b.launchedAt - a.launchedAt);
    const { body } = await get('/api/v1/coins?sort=volume');
    expect(mints(body)).toEqual([...ready.map((coin) => coin.mint), c.fresh.mint]);
  });

  it('sorts by market cap in lamports (a coin without trades priced at launch), pending coins last', async () => {
    const cap = (coin: FixtureCoin) => inLamports(coin, BigInt(expectedFigures(h.fixture, coin.mint).marketCap ?? 0));
    const priced = [c.alpha, c.beta, c.gamma, c.quiet].sort((a, b) => Number(cap(b) - cap(a)));
    const { body } = await get('/api/v1/coins?sort=marketCap&limit=100');
    expect(mints(body)).toEqual([...priced.map((coin) => coin.mint), c.fresh.mint]);
  });

  it('filters by mode and graduation', async () => {
    expect(mints((await get('/api/v1/coins?mode=holder')).body)).toEqual([c.fresh.mint, c.alpha.mint, c.gamma.mint]);
    expect(mints((await get('/api/v1/coins?mode=creator')).body)).toEqual([c.beta.mint, c.quiet.mint]);
    expect(mints((await get('/api/v1/coins?graduated=true')).body)).toEqual([c.alpha.mint]);
    expect(mints((await get('/api/v1/coins?graduated=false&mode=creator')).body)).toEqual([c.beta.mint, c.quiet.mint]);
    expect(mints((await get('/api/v1/coins?graduated=any&mode=any&limit=1')).body)).toEqual([c.fresh.mint]);
  });

  it('searches by mint, symbol and part of a name', async () => {
    const search = async (q: string) => mints((await get(`/api/v1/coins?q=${encodeURIComponent(q)}`)).body);
    expect(await search(c.gamma.mint)).toEqual([c.gamma.mint]);
    expect(await search('beta')).toEqual([c.beta.mint]);
    expect(await search('$BETA')).toEqual([c.beta.mint]);
    expect(await search('alpha')).toEqual([c.quiet.mint, c.alpha.mint]);
    expect(await search(' DOG ')).toEqual([c.alpha.mint, c.gamma.mint]);
    expect(await search('ray d')).toEqual([c.gamma.mint]);
    expect(await search('nothing like it')).toEqual([]);
    expect(await search(addressOf('not a coin'))).toEqual([]);
  });

  it('carries figures equal to a recomputation from the fixture trades', async () => {
    const { body } = await get('/api/v1/coins?limit=100');
    for (const coin of [c.alpha, c.beta, c.gamma, c.quiet]) {
      const summary = body.coins.find((item: { mint: string }) => item.mint === coin.mint);
      expect(summary).toMatchObject({ figuresPending: false, ...expectedFigures(h.fixture, coin.mint) });
    }
    const alpha = body.coins.find((item: { mint: string }) => item.mint === c.alpha.mint);
    expect(alpha).toMatchObject({
      user: { name: 'Alpha Dog', symbol: 'ALPHA' },
      mode: 'holder',
      graduated: true,
      createdAt: new Date(c.alpha.launchedAt * 1000).toISOString(),
      quote: { mint: c.alpha.quoteMint, decimals: 9 },
      holders: 3,
      bondingProgressPct: '100.00',
    });
    expect(Object.keys(alpha).sort()).toEqual(
      [
        'bondingProgressPct',
        'change24hPct',
        'createdAt',
        'figuresPending',
        'graduated',
        'holders',
        'marketCap',
        'marketCapLamports',
        'mint',
        'mode',
        'price',
        'quote',
        'user',
        'volume24h',
        'volume24hLamports',
      ].sort(),
    );
  });

  it('publishes the lamport values its volume and market cap sorts order by, so a client can check the order', async () => {
    for (const sort of ['volume', 'marketCap'] as const) {
      const field = sort === 'volume' ? 'volume24hLamports' : 'marketCapLamports';
      const { body } = await get(`/api/v1/coins?sort=${sort}&limit=100`);
      const values = body.coins.map((coin: Record<string, string | null>) => coin[field]);
      const valued = values.filter((value: string | null) => value !== null).map(BigInt);
      expect(valued.length).toBeGreaterThan(2);
      // Highest first, the coins without a lamport value last.
      expect(values.slice(0, valued.length).every((value: string | null) => value !== null)).toBe(true);
      expect([...valued].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(valued);
      // The stablecoin coin is valued at the latest SOL price.
      const beta = body.coins.find((coin: { mint: string }) => coin.mint === c.beta.mint);
      const raw = BigInt(beta[sort === 'volume' ? 'volume24h' : 'marketCap']);
      expect(beta[field]).toBe(((raw * 10n ** 15n) / (10n ** 6n * SOL_MICRO_USD.latest)).toString());
    }
  });
});
