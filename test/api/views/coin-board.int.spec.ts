// The coin board against the rows and pages worked out from the market's events (test/fixtures/expected-coin-rows.ts),
// on a generated market of SOL and stablecoin coins on both venues, graduated and pending ones. Two boards: one
// loaded from a store the market was written to twice (as a replay would), one given the market's events, twice
// over and with a stretch of them again (a feed resuming from an earlier position). Both hold every coin's row, and
// page the list for each sort, filter and search, at moments from the load on: across trades' 24-hour marks and a
// UTC midnight. Then a later trade and a new coin move both at once. Every view loads the store a slice of coins at a
// time, so what a start holds at once does not grow with the market.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CandleWindow } from '../../../api/views/candle-window.js';
import { CoinBoard } from '../../../api/views/coin-board.js';
import { coinSlices } from '../../../api/views/live-views.js';
import { TradeWindow } from '../../../api/views/trade-window.js';
import type { Catalog } from '../../../infra/bench/api/dataset-catalog.js';
import { loadDataset } from '../../../infra/bench/api/load-dataset.js';
import { ChdbOlap } from '../../../infra/olap/chdb-olap.js';
import type { Olap, QueryParams } from '../../../infra/olap/olap.js';
import type { LoggedEvent } from '../../../projections/projector.js';
import type { CoinListQuery } from '../../../schemas/api/coins.js';
import { loadConfig, serviceWalletList } from '../../../schemas/config.js';
import { coveredColumns, ExpectedMarket } from '../../fixtures/expected-coin-rows.js';

const config = loadConfig({});
const DAY = 86_400;
const NOW = Date.UTC(2026, 2, 10, 0, 0, 30) / 1000;
const DATASET = { coins: 30, trades: 2_500, days: 4, seed: 7, now: NOW };
let dir: string;
let olap: Olap;
let catalog: Catalog;
let logged: LoggedEvent[];
/** What the market's events say. */
let market: ExpectedMarket;
const newBoard = () => new CoinBoard(serviceWalletList(config.wallets), config.mints.stablecoin);
let loaded: CoinBoard;
let fed: CoinBoard;

function feed(board: CoinBoard, events: readonly LoggedEvent[]): void {
  const wanted = new Set<string>(board.canHandle);
  const taken = events.filter(({ event }) => wanted.has(event.type));
  for (let i = 0; i < taken.length; i += 500) board.handle(taken.slice(i, i + 500));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coin-board-'));
  olap = ChdbOlap.open(dir);
  const quiet = () => {};
  logged = [];
  catalog = (await loadDataset(olap, DATASET, config, quiet, (event) => logged.push(event))).catalog;
  await loadDataset(olap, DATASET, config, quiet); // the same rows again: a replay
  market = new ExpectedMarket(logged);
  loaded = newBoard();
  await loaded.load(olap, await coinSlices(olap), NOW);
  fed = newBoard();
  feed(fed, logged);
  feed(fed, logged.slice(Math.floor(logged.length / 3)));
  feed(fed, logged);
}, 120_000);

afterAll(async () => {
  await olap?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Moments from the load on: spread over the next day, a second either side of trades' 24-hour marks, and of the
 * coming midnight. */
function moments(): number[] {
  const recent = [...new Set(logged.filter(({ event }) => event.type === 'trade' && event.blockTime > NOW - DAY).map(({ event }) => event.blockTime))];
  const marks = recent.slice(0, 8).flatMap((time) => [time + DAY - 1, time + DAY, time + DAY + 1]);
  const midnight = NOW - 30 + DAY;
  const spread = Array.from({ length: 8 }, (_, i) => NOW + i * 11_113);
  return [...spread, ...marks, midnight - 1, midnight, midnight + 1];
}

describe('the coin board', () => {
  it("holds every coin with the row the market's events give, loaded from the store or given the events", () => {
    for (const now of moments()) {
      const expected = market.rows(now);
      for (const [name, board] of [
        ['fed', fed],
        ['loaded', loaded],
      ] as const) {
        const rows = board.at(now).rows;
        expect(rows.size, `${name} at ${now}`).toBe(expected.size);
        for (const [mint, row] of expected) expect(coveredColumns(rows.get(mint)), `${name}: ${mint} at ${now}`).toEqual(row);
      }
    }
  });

  it("pages the list as the market's events say, for every sort, filter and search", () => {
    const searches = [
      undefined,
      catalog.coins[0]!.mint,
      catalog.coins[1]!.symbol.toLowerCase(),
      `$${catalog.coins[2]!.symbol}`,
      catalog.coins[3]!.name.split(' ')[1]!.toUpperCase(),
      'no such coin',
    ];
    const queries: Omit<CoinListQuery, 'sort'>[] = [];
    for (const mode of ['any', 'holder', 'creator'] as const)
      for (const graduated of ['any', 'true', 'false'] as const)
        for (const [limit, offset] of [
          [100, 0],
          [7, 0],
          [7, 7],
          [5, 21],
        ] as const)
          queries.push({ mode, graduated, limit, offset });
    for (const q of searches)
      for (const [limit, offset] of [
        [100, 0],
        [2, 1],
      ] as const)
        queries.push({ mode: 'any', graduated: 'any', q, limit, offset });
    // Every query now; later, whose figures differ and not the paging, the first page of each filter.
    for (const now of [NOW, NOW + 3 * 3_600, NOW + DAY - 7]) {
      for (const sort of ['newest', 'volume', 'marketCap'] as const) {
        for (const partial of now === NOW ? queries : queries.filter((query) => query.offset === 0 && query.limit === 100)) {
          const query: CoinListQuery = { ...partial, sort };
          const expected = market.page(query, now, config.mints.stablecoin);
          for (const board of [loaded, fed]) {
            const { page, next } = board.page(board.at(now), query);
            expect(page.map(coveredColumns), JSON.stringify({ ...query, now })).toEqual(expected);
            const all = market.page({ ...query, offset: 0, limit: 10_000 }, now, config.mints.stablecoin).length;
            expect(next).toBe(all > query.offset + query.limit ? query.offset + query.limit : null);
          }
        }
      }
    }
  }, 120_000);

  it('reads the same from second to second (one version) until a trade leaves a 24-hour window', () => {
    const tradeSeconds = new Set(logged.filter(({ event }) => event.type === 'trade').map(({ event }) => event.blockTime));
    const pendingEnds = new Set(logged.filter(({ event }) => event.type === 'coin.launched').map(({ event }) => event.blockTime + 60));
    // A quiet second after the last trade: no trade's 24-hour mark and no coin's first minute ends at it.
    let quiet = NOW + 100;
    while (tradeSeconds.has(quiet - DAY) || pendingEnds.has(quiet)) quiet += 1;
    const leaving = [...tradeSeconds].filter((seconds) => seconds > NOW - DAY + 100).sort((a, b) => a - b)[0]!;
    for (const board of [loaded, fed]) {
      const before = board.at(quiet - 1);
      const after = board.at(quiet);
      expect(after.version).toBe(before.version);
      expect(after.rows).toBe(before.rows);
      expect(after.nowSeconds).toBe(quiet);
      const inWindow = board.at(leaving + DAY - 1);
      const left = board.at(leaving + DAY);
      expect(left.version).not.toBe(inWindow.version);
      const moved = [...left.rows.values()].filter((row) => row.volume24h !== inWindow.rows.get(row.mint)!.volume24h);
      expect(moved.length).toBeGreaterThan(0);
    }
  });

  it('moves with a later trade and a new coin at once, the new coin sorting last by value for its first minute', () => {
    const last = logged.filter(({ event }) => event.type === 'trade').at(-1)!;
    const trade = last.event as Extract<LoggedEvent['event'], { type: 'trade' }>;
    const launch = logged.find(({ event }) => event.type === 'coin.launched' && event.data.initialReserves !== undefined)!.event as Extract<
      LoggedEvent['event'],
      { type: 'coin.launched' }
    >;
    const newMint = 'Newcoin1111111111111111111111111111111111111';
    const events = [
      {
        offset: 10_000_000n,
        event: {
          ...trade,
          id: `${trade.signature}:9`,
          slot: trade.slot + 1,
          blockTime: NOW + 1,
          data: { ...trade.data, quoteAmount: '777000', reserves: { coin: '5000000', quote: '9000000' } },
        },
      },
      {
        offset: 10_000_001n,
        event: {
          ...launch,
          id: `${newMint}:launch`,
          slot: trade.slot + 2,
          blockTime: NOW + 2,
          data: { ...launch.data, mint: newMint, untrusted: { ...launch.data.untrusted, name: 'Newest' } },
        },
      },
    ] as LoggedEvent[];
    market.add(events);
    for (const board of [loaded, fed]) {
      const before = board.at(NOW + 2).rows.get(trade.data.mint)!;
      expect([...board.handle(events)!].sort()).toEqual([trade.data.mint, newMint].sort());
      expect(board.handle(events), 'the same events again change nothing').toEqual(new Set());
      const after = board.at(NOW + 2).rows.get(trade.data.mint)!;
      expect(BigInt(after.volume24h) - BigInt(before.volume24h)).toBe(777_000n);
      expect(coveredColumns(after)).toEqual(market.row(trade.data.mint, NOW + 2));
      for (const now of [NOW + 2, NOW + 2 + 59, NOW + 2 + 60]) {
        for (const sort of ['newest', 'volume', 'marketCap'] as const) {
          const query: CoinListQuery = { mode: 'any', graduated: 'any', sort, limit: 100, offset: 0 };
          expect(board.page(board.at(now), query).page.map(coveredColumns), `${sort} at ${now}`).toEqual(market.page(query, now, config.mints.stablecoin));
        }
      }
      expect(board.page(board.at(NOW + 2 + 59), { mode: 'any', graduated: 'any', sort: 'volume', limit: 100, offset: 0 }).page.at(-1)!.mint).toBe(newMint);
    }
  });

  it("loads the store 25 coins at a time: no view's statement over trades, candles or balances reads more", async () => {
    const read: { sql: string; params?: QueryParams }[] = [];
    // A view's load only queries.
    const recording = {
      query: (sql: string, params?: QueryParams) => {
        read.push({ sql, params });
        return olap.query(sql, params);
      },
    } as Olap;
    const slices = await coinSlices(olap);
    for (const view of [newBoard(), new TradeWindow(), new CandleWindow()]) await view.load(recording, slices, NOW);
    const perCoin = read.filter(({ sql }) => /\b(trades|candles|balances)\b/.test(sql));
    expect(perCoin.length).toBeGreaterThan(3);
    const sliced = perCoin.map(({ params }) => (params?.mints as string[] | undefined)?.length ?? DATASET.coins);
    expect(Math.max(...sliced)).toBe(25);
    expect(new Set(perCoin.flatMap(({ params }) => params!.mints as string[])).size).toBe(DATASET.coins);
  });
});
