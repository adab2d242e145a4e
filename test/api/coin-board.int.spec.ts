// The coin board against the rows and pages worked out from the market's events (test/fixtures/expected-coin-rows.ts),
// on a generated market of SOL and stablecoin coins on both routes, graduated and pending ones, written twice as a
// replay would: every coin's row, and every page of the list for each sort, filter and search, at many moments,
// including moments one second either side of a trade's 24-hour mark and of a UTC midnight. Then a later trade moves
// the board at once.
import { announcedStore } from '../fixtures/announced-store.js';
import { ReadPath } from '../../projections/read-path.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardAt } from '../../api/queries/coin-board.js';
import { allCoinFacts } from '../../api/queries/coin-facts.js';
import { listSolPrice, pageRows } from '../../api/queries/coins.js';
import { listMatches } from '../../api/queries/text-matches.js';
import { ChdbOlap } from '../../infra/olap/chdb-olap.js';
import type { Olap } from '../../infra/olap/olap.js';
import { loadDataset } from '../../infra/bench/api/load-dataset.js';
import type { Catalog } from '../../infra/bench/api/dataset-catalog.js';
import { coinFiguresProjector } from '../../projections/coin-figures/projector.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import { tradesProjector } from '../../projections/trades/projector.js';
import type { CoinListQuery } from '../../schemas/api/coins.js';
import { loadConfig } from '../../schemas/config.js';
import type { LoggedEvent } from '../../projections/projector.js';
import { coveredColumns, ExpectedMarket } from '../fixtures/expected-coin-rows.js';

const config = loadConfig({});
const NOW = Date.UTC(2026, 2, 10, 0, 0, 30) / 1000;
const DATASET = { coins: 30, trades: 2_500, days: 4, seed: 7, now: NOW };
let dir: string;
let olap: Olap;
let reads: ReadPath;
let catalog: Catalog;

/** What the market's events say the tables hold. */
let market: ExpectedMarket;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coin-board-'));
  ({ olap, reads } = announcedStore(ChdbOlap.open(dir)));
  const quiet = () => {};
  const logged: LoggedEvent[] = [];
  catalog = (await loadDataset(olap, DATASET, config, quiet, (event) => logged.push(event))).catalog;
  await loadDataset(olap, DATASET, config, quiet); // the same rows again: a replay
  market = new ExpectedMarket(logged);
}, 120_000);

afterAll(async () => {
  await olap?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Moments to compare at: spread over the history, and a second either side of trades' 24-hour marks and of midnights. */
async function moments(): Promise<number[]> {
  const rows = await olap.query<{ t: string }>(`SELECT DISTINCT toString(toUnixTimestamp(time)) AS t FROM ${TRADES_TABLE} ORDER BY cityHash64(t) LIMIT 6`);
  const marks = rows.flatMap((row) => [Number(row.t) + 86_400 - 1, Number(row.t) + 86_400, Number(row.t) + 86_400 + 1]);
  const midnights = [NOW - 30 - 1, NOW - 30, NOW - 30 + 86_400 - 1, NOW - 30 - 86_400 + 1].flatMap((midnight) => [midnight, midnight + 86_400]);
  const spread = Array.from({ length: 8 }, (_, i) => NOW - i * 37_813);
  return [...spread, ...marks, ...midnights];
}

describe('coin board', () => {
  it("holds every coin with the row the market's events give, at every moment", async () => {
    for (const now of await moments()) {
      const expected = market.rows(now);
      const board = await boardAt(reads, now);
      expect(board.rows.size).toBe(expected.size);
      for (const [mint, row] of expected) expect(coveredColumns(board.rows.get(mint)), `${mint} at ${now}`).toEqual(row);
    }
  });

  it("pages the list as the market's events say, for every sort, filter and search", async () => {
    const searches = [
      undefined,
      catalog.coins[0]!.mint,
      catalog.coins[1]!.symbol.toLowerCase(),
      `$${catalog.coins[2]!.symbol}`,
      catalog.coins[3]!.name.split(' ')[1]!.toUpperCase(),
      'no such coin',
    ];
    const queries: Omit<CoinListQuery, 'sort'>[] = [];
    for (const mode of ['any', 'holder', 'creator'] as const) {
      for (const graduated of ['any', 'true', 'false'] as const) {
        for (const [limit, offset] of [
          [100, 0],
          [7, 0],
          [7, 7],
          [5, 21],
        ] as const)
          queries.push({ mode, graduated, limit, offset });
      }
    }
    for (const q of searches)
      for (const [limit, offset] of [
        [100, 0],
        [2, 1],
      ] as const)
        queries.push({ mode: 'any', graduated: 'any', q, limit, offset });
    // A second either side of the newest coin's figures appearing (a pending coin sorts last by volume and market cap).
    const newest = Math.max(...catalog.coins.map((coin) => coin.launchTime));
    // Every query at NOW; at the other moments, whose figures differ and not the paging, the first page of each filter.
    for (const now of [NOW, NOW - 3 * 3_600, NOW - 86_400 - 7, newest + 59, newest + 60]) {
      for (const sort of ['newest', 'volume', 'marketCap'] as const) {
        for (const partial of now === NOW ? queries : queries.filter((query) => query.offset === 0 && query.limit === 100)) {
          const query: CoinListQuery = { ...partial, sort };
          const expected = market.page(query, now, config.mints.stablecoin);
          const board = await boardAt(reads, now);
          const matches = query.q === undefined ? null : await listMatches(reads, board, query.q);
          const solMicroUsd = await listSolPrice(reads, query.sort);
          const actual = pageRows({ board, solMicroUsd, matches, stablecoinMint: config.mints.stablecoin }, query);
          expect(actual.map(coveredColumns), JSON.stringify({ ...query, now })).toEqual(expected);
        }
      }
    }
  }, 300_000);

  it('moves with a trade written after the board was read, reading again only the facts of the coin traded', async () => {
    const before = await boardAt(reads, NOW);
    const factsBefore = await allCoinFacts(reads);
    const [last] = await olap.query<Record<string, unknown>>(`SELECT * FROM ${TRADES_TABLE} FINAL ORDER BY time DESC, slot DESC LIMIT 1`);
    const events = [
      {
        offset: 10_000_000n,
        event: {
          id: `${String(last!.signature)}:9`,
          type: 'trade',
          network: 'mainnet',
          slot: Number(last!.slot) + 1,
          blockTime: NOW - 1,
          signature: String(last!.signature),
          v: 1,
          data: {
            mint: last!.mint,
            venue: last!.venue,
            market: last!.market,
            trader: last!.trader,
            side: 'buy',
            coinAmount: '1000',
            quoteAmount: '777000',
            feeAmount: '0',
            referralFee: '0',
            referrer: null,
            quoteMint: last!.quoteMint,
            reserves: { coin: '5000000', quote: '9000000' },
          },
        },
      },
    ] as never;
    for (const projector of [tradesProjector, coinFiguresProjector]) {
      for (const [table, rows] of Object.entries(projector.handle(events))) if (rows.length > 0) await olap.insert(table, rows);
    }
    market.add(events);
    const after = await boardAt(reads, NOW);
    const mint = String(last!.mint);
    expect(BigInt(after.rows.get(mint)!.volume24h) - BigInt(before.rows.get(mint)!.volume24h)).toBe(777_000n);
    expect(after.rows.get(mint)!.lastQuote).toBe('9000000');
    expect(coveredColumns(after.rows.get(mint))).toEqual(market.row(mint, NOW));
    // The same coins: the same roster, so what is known of the coins alone (text matches) is not worked out again.
    expect(after).not.toBe(before);
    expect(after.roster).toBe(before.roster);
    const factsAfter = await allCoinFacts(reads);
    expect(factsAfter.filter((coin, i) => coin !== factsBefore[i]).map((coin) => coin.mint)).toEqual([mint]);
    // A read path without a change feed reads every coin afresh, to the same rows.
    const unfollowed = await boardAt(new ReadPath(olap), NOW);
    expect([...unfollowed.rows.values()].map(coveredColumns)).toEqual([...after.rows.values()].map(coveredColumns));
  });
});
