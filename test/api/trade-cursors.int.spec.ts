// Trade cursors over HTTP on a live store told in trade events: `next.before` written as `toISOString` writes it (3
// digits, `Z`), so a client that passes it through JavaScript's Date or Python's datetime (microseconds) sends the
// same trades back; paging over 2,000+ trades in a few block seconds (one of 1,300, a busy latest second of 1,100, a
// second that fills while being paged) sees every trade once, in order, at any limit (one at a time in stretches
// across every kind of place), as a recomputation from the stored trades (fixtures/expected-trade-page.ts) pages them;
// client times at any precision take the trades that sit
// strictly before them. Twice: the trades in the log before the views start (the trade window loaded from the store),
// and appended after (the window fed them); the trades joining a second while it is paged are appended either way.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCursor, parseCursor, type Trade, type TradesResponse } from '../../schemas/api/trades.js';
import type { Event, TradeEvent } from '../../schemas/events/index.js';
import { openLiveStore, type LiveStore } from '../fixtures/live-store.js';
import { addr, launched, trade } from '../projections/event-fixtures.js';
import { expectedTradePage } from './fixtures/expected-trade-page.js';

const START = 1_767_225_600; // 2026-01-01T00:00:00Z
const [SPREAD, LATEST, FILLING] = [addr(71_000), addr(71_001), addr(71_002)];
let tx = 1;
let slot = 80_000;

/** `count` trades of `mint` in block second `seconds`, spread over three slots, several to a slot. */
function tradesIn(mint: string, seconds: number, count: number): TradeEvent[] {
  const events: TradeEvent[] = [];
  for (let k = 0; k < count; k++) {
    if (k % Math.ceil(count / 3) === 0) slot += 1;
    events.push(
      trade(
        { slot, tx: tx++, blockTime: seconds },
        { mint: mint as never, trader: addr(91_000 + (k % 17)), side: k % 3 === 0 ? 'sell' : 'buy', coinAmount: String(1_000 + k), quoteAmount: String(7 + k) },
      ),
    );
  }
  return events;
}

const launches: Event[] = [SPREAD, LATEST, FILLING].map((mint) => launched({ slot: 10, tx: tx++ }, mint));
/** The story's trades, in chain (and log) order. */
const TRADES: TradeEvent[] = [
  // SPREAD: 2,052 trades, 2,050 of them in three seconds (1,300 in the first, a tail of 301 past rank 999).
  ...tradesIn(SPREAD, START, 1),
  ...tradesIn(SPREAD, START + 7, 1),
  ...tradesIn(SPREAD, START + 8, 1_300),
  ...tradesIn(SPREAD, START + 9, 500),
  ...tradesIn(SPREAD, START + 11, 250),
  // LATEST: its latest second holds 1,100 trades (a tail of 101), after 1,000 and 3 in the seconds before.
  ...tradesIn(LATEST, START + 20, 3),
  ...tradesIn(LATEST, START + 21, 1_000),
  ...tradesIn(LATEST, START + 22, 1_100),
  ...tradesIn(FILLING, START + 30, 40),
  ...tradesIn(FILLING, START + 31, 600),
];
/** Trades joining FILLING's latest second while it is paged. */
const JOINING = tradesIn(FILLING, START + 31, 30);

/** As many pages as a walk takes (each walk still fails past 5,000 pages). */
const TO_THE_END = Number.POSITIVE_INFINITY;

/** A trade as pages show it: its time is its place, the block second and its rank in it (chain order) as milliseconds,
 * ranks from 999 on all at .999. */
const view = (event: TradeEvent, rank: number): Trade => ({
  signature: event.signature,
  time: new Date(event.blockTime * 1000 + Math.min(rank, 999)).toISOString(),
  side: event.data.side,
  trader: event.data.trader,
  coinAmount: event.data.coinAmount,
  quoteAmount: event.data.quoteAmount,
});

/** The block second a trade's time names. */
const secondOf = (trade: Trade) => Math.floor(Date.parse(trade.time) / 1000);

/** What Python does to a cursor: `datetime.fromisoformat` keeps microseconds (digits past 6 cut), `isoformat()`
 * writes them as 6 digits (none when 0) and UTC as `+00:00`. */
function viaPython(iso: string): string {
  const [, head, fraction = ''] = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?Z$/.exec(iso)!;
  const micros = fraction.slice(0, 6).padEnd(6, '0');
  return `${head}${micros === '000000' ? '' : `.${micros}`}+00:00`;
}

/** `datetime.fromisoformat(x).isoformat(timespec='milliseconds')` with UTC as `Z`: x when nothing was lost. */
const pythonMillis = (iso: string): string =>
  viaPython(iso)
    .replace(/(\.\d{3})\d{3}\+00:00$/, '$1Z')
    .replace(/:(\d{2})\+00:00$/, ':$1.000Z');

// Pages past the window are read from ClickHouse the same way whichever way the window was filled, so the walks of
// single trades are taken once.
describe.each([
  { way: 'loaded from the store', before: TRADES, after: [] as TradeEvent[], singles: true },
  { way: 'fed from the log', before: [] as TradeEvent[], after: TRADES, singles: false },
])('trade cursors, the window $way', ({ before, after, singles }) => {
  let store: LiveStore;
  let dev: FastifyInstance;
  /** The trades the store was given, in log order. */
  const written: TradeEvent[] = [];

  beforeAll(async () => {
    store = await openLiveStore({ clock: () => new Date((START + 60) * 1000), events: [...launches, ...before] });
    await store.append(after);
    written.push(...TRADES);
    dev = store.app();
  });

  afterAll(async () => store?.close());

  /** The trades of `mint` as pages show them, newest first. */
  function newestFirst(mint: string): Trade[] {
    const ranks = new Map<number, number>();
    const views = written
      .filter((event) => event.data.mint === mint)
      .map((event) => {
        const rank = ranks.get(event.blockTime) ?? 0;
        ranks.set(event.blockTime, rank + 1);
        return view(event, rank);
      });
    return views.reverse();
  }

  async function page(mint: string, limit: number, before: string | null, on = dev): Promise<TradesResponse> {
    const query = `limit=${limit}${before === null ? '' : `&before=${encodeURIComponent(before)}`}`;
    const res = await on.inject({ method: 'GET', url: `/api/v1/coins/${mint}/trades?${query}` });
    expect(res.statusCode, query).toBe(200);
    return res.json();
  }

  /** Every page from the latest on, each cursor passed through `reformat` as a client might. */
  async function walk(mint: string, limit: number, reformat = (cursor: string) => cursor, on = dev): Promise<{ pages: TradesResponse[]; cursors: string[] }> {
    return walkFrom(mint, limit, null, TO_THE_END, reformat, on);
  }

  /** Up to `most` pages from cursor `from` (the latest when null) on; TO_THE_END for all of them. */
  async function walkFrom(
    mint: string,
    limit: number,
    from: string | null,
    most: number,
    reformat = (cursor: string) => cursor,
    on = dev,
  ): Promise<{ pages: TradesResponse[]; cursors: string[] }> {
    const pages: TradesResponse[] = [];
    const cursors: string[] = [];
    let before = from;
    do {
      const answer = await page(mint, limit, before === null ? null : reformat(before), on);
      pages.push(answer);
      before = answer.next.before;
      if (before !== null) cursors.push(before);
      expect(pages.length).toBeLessThan(5_000);
    } while (before !== null && pages.length < most);
    return { pages, cursors };
  }

  /** Only a busy second's tail comes as a longer page than `limit`: its trades from rank 999 on, and nothing else. */
  function expectLongPagesAreTails(mint: string, pages: readonly TradesResponse[], limit: number): void {
    for (const answer of pages) {
      if (answer.trades.length <= limit) continue;
      const second = secondOf(answer.trades[0]!);
      expect(answer.trades).toEqual(inSecond(mint, second).slice(999).reverse());
      expect(answer.next.before).toBe(new Date(second * 1000 + 999).toISOString());
    }
  }

  /** Trades of `mint` in block second `seconds`, oldest first. */
  const inSecond = (mint: string, seconds: number): Trade[] =>
    newestFirst(mint)
      .filter((t) => secondOf(t) === seconds)
      .reverse();

  it('write next.before as toISOString does, unchanged through Date and through a microsecond ISO parser', async () => {
    for (const mint of [SPREAD, LATEST]) {
      for (const limit of [7, 100]) {
        const { cursors } = await walk(mint, limit);
        expect(cursors.length).toBeGreaterThan(15);
        expect(cursors.some((cursor) => !cursor.endsWith('.000Z'))).toBe(true);
        expect(cursors).toContain(new Date((mint === SPREAD ? START + 8 : START + 22) * 1000 + 999).toISOString());
        for (const cursor of cursors) {
          expect(cursor).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
          expect(new Date(cursor).toISOString()).toBe(cursor);
          expect(pythonMillis(cursor)).toBe(cursor);
        }
      }
    }
  });

  it.each([7, 50, 100])(
    'pages %i at a time over 2,000+ trades in few seconds: every trade once, in order, also with cursors re-formatted',
    async (limit) => {
      for (const mint of [SPREAD, LATEST]) {
        const { pages } = await walk(mint, limit);
        expect(pages.flatMap((answer) => answer.trades)).toEqual(newestFirst(mint));
        expectLongPagesAreTails(mint, pages, limit);
        for (const reformat of [(c: string) => new Date(c).toISOString(), viaPython, (c: string) => new Date(c).toISOString().replace('Z', '+00:00')]) {
          expect((await walk(mint, limit, reformat)).pages).toEqual(pages);
        }
      }
    },
    60_000,
  );

  // One trade a page is a statement each, so the walk of single trades takes stretches across every kind of place in
  // SPREAD's history rather than its 2,000 trades: the latest trades, from one second into the one before, into and out
  // of a busy second's tail, down its ranks, and through the sparse first seconds to the end.
  if (singles)
    it('pages 1 at a time across seconds, into and out of a busy tail and to the end: every trade once, in order', async () => {
      const stretches: [from: string | null, pages: number][] = [
        [null, 40],
        [formatCursor({ seconds: START + 11, millis: 20 }), 40],
        [formatCursor({ seconds: START + 9, millis: 20 }), 60],
        [formatCursor({ seconds: START + 8, millis: 20 }), TO_THE_END],
      ];
      for (const [from, most] of stretches) {
        const { pages } = await walkFrom(SPREAD, 1, from, most);
        const seen = pages.flatMap((answer) => answer.trades);
        const expected = newestFirst(SPREAD).filter((t) => from === null || Date.parse(t.time) < Date.parse(from));
        expect(seen).toEqual(expected.slice(0, seen.length));
        expectLongPagesAreTails(SPREAD, pages, 1);
        if (most === TO_THE_END) expect(seen).toEqual(expected);
      }
    });

  it('cuts a page short rather than inside a tail, and takes the tail whole when a page starts at its end', async () => {
    const first = await page(SPREAD, 100, new Date((START + 9) * 1000 + 40).toISOString());
    expect(first.trades).toEqual(
      inSecond(SPREAD, START + 9)
        .slice(0, 40)
        .reverse(),
    );
    expect(first.next.before).toBe(new Date((START + 9) * 1000).toISOString());
    const tail = await page(SPREAD, 100, first.next.before);
    expect(tail.trades).toEqual(
      inSecond(SPREAD, START + 8)
        .slice(999)
        .reverse(),
    );
    const after = await page(SPREAD, 100, tail.next.before);
    expect(after.trades).toEqual(
      inSecond(SPREAD, START + 8)
        .slice(899, 999)
        .reverse(),
    );
    expect(after.next.before).toBe(new Date((START + 8) * 1000 + 899).toISOString());
    const latest = await page(LATEST, 20, null);
    expect(latest.trades).toEqual(
      inSecond(LATEST, START + 22)
        .slice(999)
        .reverse(),
    );
  });

  it('answers as the recomputed pages at cursors in and around busy seconds and along walks', async () => {
    const cursors: (string | null)[] = [null];
    for (const second of [START + 8, START + 9, START + 11, START + 22]) {
      for (const millis of [0, 1, 2, 499, 500, 998, 999, 1000]) cursors.push(formatCursor({ seconds: second, millis }));
    }
    for (const mint of [SPREAD, LATEST]) {
      for (const before of cursors) {
        for (const limit of [1, 50, 100])
          expect(await page(mint, limit, before), `${before} ${limit}`).toEqual(
            await expectedTradePage(store.olap, mint, before === null ? null : parseCursor(before), limit),
          );
      }
      const { pages, cursors: walked } = await walk(mint, 100);
      for (const [i, before] of [null, ...walked].entries())
        expect(pages[i]).toEqual(await expectedTradePage(store.olap, mint, before === null ? null : parseCursor(before), 100));
    }
  });

  it('reads client times at any precision as the trades strictly before them', async () => {
    const second = inSecond(SPREAD, START + 8);
    const at = (fraction: string) => `2026-01-01T00:00:08${fraction}`;
    const pageBefore = async (time: string) => (await page(SPREAD, 100, time)).trades;
    const earlier = newestFirst(SPREAD).filter((t) => Date.parse(t.time) < (START + 8) * 1000);
    expect(await pageBefore(at('Z'))).toEqual(earlier.slice(0, 100));
    expect(await pageBefore(at('.000000000Z'))).toEqual(earlier.slice(0, 100));
    expect(await pageBefore(at('.000000001Z'))).toEqual([second[0]!, ...earlier].slice(0, 100));
    expect(await pageBefore(at('.0005Z'))).toEqual([second[0]!, ...earlier].slice(0, 100));
    expect(await pageBefore(at('.001Z'))).toEqual([second[0]!, ...earlier].slice(0, 100));
    expect(await pageBefore(at('.003+00:00'))).toEqual([...second.slice(0, 3).reverse(), ...earlier].slice(0, 100));
    expect(await pageBefore(at('.5Z'))).toEqual(second.slice(400, 500).reverse());
    expect(await pageBefore(at('.999Z'))).toEqual(second.slice(899, 999).reverse());
    expect(await pageBefore(at('.9990001Z'))).toEqual(second.slice(999).reverse());
    expect(await pageBefore('2026-01-01T00:00:09Z')).toEqual(second.slice(999).reverse());
    expect(await pageBefore('2026-01-01T02:00:08.003+02:00')).toEqual([...second.slice(0, 3).reverse(), ...earlier].slice(0, 100));
    expect((await page(SPREAD, 5, '1970-01-01T00:00:00Z')).trades).toEqual([]);
  });

  it('keeps what a cursor takes while trades join its second', async () => {
    const all = newestFirst(FILLING);
    const first = await page(FILLING, 50, null);
    expect(first.trades).toEqual(all.slice(0, 50));
    await store.append(JOINING);
    written.push(...JOINING);
    const seen = [...first.trades];
    let before = first.next.before;
    while (before !== null) {
      const answer = await page(FILLING, 50, new Date(before).toISOString());
      seen.push(...answer.trades);
      before = answer.next.before;
    }
    expect(seen).toEqual(all);
  });
});
