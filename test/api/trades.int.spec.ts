// GET /coins/{mint}/trades on a real chDB store seeded through the projections: newest first, paged with
// next.before across bursts of trades in one second and one slot (no duplicates, no holes), plain ISO times.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradesOf } from './fixtures/expected.js';
import { addressOf } from './fixtures/events.js';
import { NOW, type FixtureTrade } from './fixtures/market.js';
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

async function get(url: string, on = app) {
  const res = await on.inject({ method: 'GET', url });
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return { status: res.statusCode, body: res.json() };
}

/** A trade as pages show it: its time is its place, the block second and its rank in it (chain order) as milliseconds. */
const view = (trade: FixtureTrade, rank: number) => ({
  signature: trade.signature,
  time: new Date(trade.seconds * 1000 + Math.min(rank, 999)).toISOString(),
  side: trade.side,
  trader: trade.trader,
  coinAmount: trade.coinAmount.toString(),
  quoteAmount: trade.quoteAmount.toString(),
});

function newestFirst(mint: string) {
  const trades = tradesOf(h.fixture, mint);
  const ranks = new Map<number, number>();
  const views = trades.map((trade) => {
    const rank = ranks.get(trade.seconds) ?? 0;
    ranks.set(trade.seconds, rank + 1);
    return view(trade, rank);
  });
  return views.reverse();
}

async function allPages(mint: string, limit: number, on = app): Promise<{ trades: ReturnType<typeof view>[]; cursors: string[] }> {
  const trades: ReturnType<typeof view>[] = [];
  const cursors: string[] = [];
  let before: string | null = null;
  do {
    const query: string = before === null ? `limit=${limit}` : `limit=${limit}&before=${encodeURIComponent(before)}`;
    const { status, body } = await get(`/api/v1/coins/${mint}/trades?${query}`, on);
    expect(status).toBe(200);
    expect(body.trades.length).toBeLessThanOrEqual(limit);
    trades.push(...body.trades);
    before = body.next.before;
    if (before !== null) cursors.push(before);
  } while (before !== null);
  return { trades, cursors };
}

describe('GET /coins/{mint}/trades', () => {
  it('answers the latest 50 trades, newest first', async () => {
    const { status, body } = await get(`/api/v1/coins/${alpha}/trades`);
    expect(status).toBe(200);
    expect(body.trades).toEqual(newestFirst(alpha).slice(0, 50));
    expect(body.next.before).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(new Date(body.next.before).toISOString()).toBe(body.next.before);
  });

  it.each([1, 7, 50, 100])('pages through every trade with limit %i, no duplicates or holes', async (limit) => {
    const { trades, cursors } = await allPages(alpha, limit);
    expect(trades).toEqual(newestFirst(alpha));
    expect(new Set(trades.map((trade) => trade.signature)).size).toBe(trades.length);
    if (limit === 7) expect(cursors.some((cursor) => !cursor.endsWith('.000Z'))).toBe(true);
  });

  it('pages a coin with a few trades and one without any', async () => {
    expect((await allPages(h.fixture.coins.beta.mint, 15)).trades).toEqual(newestFirst(h.fixture.coins.beta.mint));
    expect((await get(`/api/v1/coins/${h.fixture.coins.quiet.mint}/trades`)).body).toEqual({ trades: [], next: { before: null } });
  });

  it('reads an ordinary ISO time as that instant', async () => {
    const all = tradesOf(h.fixture, alpha);
    const burstSecond = all.find((trade, i) => i > 50 && all.filter((other) => other.seconds === trade.seconds).length > 1)!.seconds;
    const burst = all.filter((trade) => trade.seconds === burstSecond);
    expect(burst.length).toBeGreaterThan(1);
    const second = new Date(burst[0]!.seconds * 1000).toISOString();
    const views = newestFirst(alpha);
    const strictlyBefore = views.filter((trade) => Date.parse(trade.time) < burst[0]!.seconds * 1000);
    expect((await get(`/api/v1/coins/${alpha}/trades?before=${second}&limit=3`)).body.trades).toEqual(strictlyBefore.slice(0, 3));
    const halfPast = second.replace('.000Z', '.5Z');
    const page = (await get(`/api/v1/coins/${alpha}/trades?before=${halfPast}&limit=100`)).body.trades;
    expect(page.slice(0, burst.length)).toEqual(views.filter((trade) => Math.floor(Date.parse(trade.time) / 1000) === burst[0]!.seconds));
    const zoned = new Date((NOW + 2 * 3_600) * 1000).toISOString().replace('Z', '+02:00');
    expect((await get(`/api/v1/coins/${alpha}/trades?before=${encodeURIComponent(zoned)}&limit=5`)).body.trades).toEqual(newestFirst(alpha).slice(0, 5));
    expect((await get(`/api/v1/coins/${alpha}/trades?before=1970-01-01T00:00:00Z`)).body).toEqual({ trades: [], next: { before: null } });
    expect((await get(`/api/v1/coins/${alpha}/trades?before=0001-01-01T00:00:00Z`)).body).toEqual({ trades: [], next: { before: null } });
    expect((await get(`/api/v1/coins/${alpha}/trades?before=9999-12-31T23:59:59.999Z&limit=2`)).body.trades).toEqual(newestFirst(alpha).slice(0, 2));
  });

  it("pages without loss by the last item's time, as next.before does: each trade's time is its place in its second", async () => {
    const { trades: byNext } = await allPages(alpha, 7);
    const byTime: ReturnType<typeof view>[] = [];
    for (let before: string | null = null; ; ) {
      const query: string = before === null ? 'limit=7' : `limit=7&before=${encodeURIComponent(before)}`;
      const { body } = await get(`/api/v1/coins/${alpha}/trades?${query}`);
      if (body.trades.length === 0) break;
      byTime.push(...body.trades);
      before = body.trades.at(-1).time;
    }
    expect(byTime).toEqual(byNext);
    expect(new Set(byTime.map((trade) => trade.signature)).size).toBe(byTime.length);
    expect(byTime.length).toBe(tradesOf(h.fixture, alpha).length);
  });

  it('answers 404 for a coin not on this network', async () => {
    expect(await get(`/api/v1/coins/${addressOf('nobody')}/trades`)).toEqual({ status: 404, body: { error: expect.any(String) } });
  });
});
