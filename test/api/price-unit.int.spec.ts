// The price unit (spec 2.8: quote token per whole coin) on a SOL pair and on a stablecoin pair, checked against
// trades' raw amounts: 1 SOL (10^9 lamports) for 2 coins (2 * 10^6 raw) is 0.5 SOL per coin, 1.5 dollars
// (1,500,000 raw of a 6-decimal stablecoin) for 3 coins is 0.5 dollars per coin. The candles the route serves (priced
// with the decimals the coins table gives) and the coin's spot price answer the same strings. A price keeps 12 + quote decimals
// places (21 for SOL, 18 for the stablecoin), trailing zeros trimmed.
import type { Olap } from '../../infra/olap/olap.js';
import { announcedStore } from '../fixtures/announced-store.js';
import type { ReadPath } from '../../projections/read-path.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeFigures } from '../../api/figures.js';
import { coinCandles } from '../../api/market/candles.js';
import { findCoin } from '../../api/queries/coins.js';
import { ChdbOlap } from '../../infra/olap/chdb-olap.js';
import { candlesProjector } from '../../projections/candles/projector.js';
import { coinsProjector } from '../../projections/coins/projector.js';
import { writeEvents } from '../../projections/project-batch.js';
import { tradesProjector } from '../../projections/trades/projector.js';
import { addr, launched, logged, trade } from '../projections/event-fixtures.js';

const SOL_COIN = addr(71_001);
const STABLE_COIN = addr(71_002);
const STABLECOIN = addr(71_900);
const DAY_START = 1_760_054_400; // a UTC midnight
let dir: string;
let olap: Olap;
let reads: ReadPath;

/** Each pair's trades (raw amounts) and the prices they must read, in chain order. */
const PAIRS = [
  {
    mint: SOL_COIN,
    trades: [
      { coinAmount: '2000000', quoteAmount: '1000000000', price: '0.5' }, // 1 SOL for 2 coins
      { coinAmount: '1000000', quoteAmount: '2500000000', price: '2.5' }, // 2.5 SOL for 1 coin
      { coinAmount: '3000000', quoteAmount: '1', price: '0.000000000333333333333' }, // 1 lamport for 3 coins: 21 places
    ],
  },
  {
    mint: STABLE_COIN,
    trades: [
      { coinAmount: '3000000', quoteAmount: '1500000', price: '0.5' }, // $1.50 for 3 coins
      { coinAmount: '1000000', quoteAmount: '2000000', price: '2' }, // $2 for 1 coin
      { coinAmount: '3000000', quoteAmount: '1', price: '0.000000333333333333' }, // 1 raw unit ($0.000001) for 3 coins: 18 places
    ],
  },
];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'price-unit-'));
  ({ olap, reads } = announcedStore(ChdbOlap.open(dir)));
  const projectors = [coinsProjector, tradesProjector, candlesProjector];
  for (const projector of projectors) for (const table of projector.tables) await olap.exec(table.ddl);
  const events = [
    launched({ slot: 10, tx: 1 }, SOL_COIN),
    launched({ slot: 10, tx: 2 }, STABLE_COIN, { quoteMint: STABLECOIN, quoteDecimals: 6 }),
    ...PAIRS.flatMap(({ mint, trades }, p) =>
      trades.map(({ coinAmount, quoteAmount }, i) =>
        trade(
          { slot: 20 + i, tx: 10 + p * 10 + i, blockTime: DAY_START + 60 * i },
          { mint, coinAmount, quoteAmount, ...(mint === STABLE_COIN ? { quoteMint: STABLECOIN } : {}) },
        ),
      ),
    ),
  ];
  await writeEvents(olap, logged(events), projectors);
});

afterAll(async () => {
  await olap?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('price unit', () => {
  it.each(PAIRS)('prices every trade of $mint in whole quote tokens per whole coin, in its candles', async ({ mint, trades }) => {
    const units = (await findCoin(reads, mint))!;
    expect(units).toEqual({ decimals: 6, quoteDecimals: mint === SOL_COIN ? 9 : 6 });
    const prices = trades.map((t) => t.price);
    // One candle a minute: each shows its one trade's price.
    const minutes = (await coinCandles(reads, mint, 60, units)).candles;
    expect(minutes.map((c) => [c.open, c.high, c.low, c.close])).toEqual(prices.map((p) => [p, p, p, p]));
    expect(minutes.map((c) => c.volume)).toEqual(trades.map((t) => t.quoteAmount));
    // One candle for the day: open, high, low, close of the three.
    const day = { open: prices[0], high: prices[1], low: prices[2], close: prices[2] };
    const [memory] = (await coinCandles(reads, mint, 86_400, units)).candles;
    expect(memory).toEqual({
      time: new Date(DAY_START * 1000).toISOString(),
      ...day,
      volume: trades.reduce((sum, t) => sum + BigInt(t.quoteAmount), 0n).toString(),
    });
  });

  it("writes a coin's spot price in whole quote tokens per whole coin: SOL per coin, dollars per coin", () => {
    const spot = (lastQuote: string, lastCoin: string, quoteDecimals: number) =>
      computeFigures(
        {
          createdAtSeconds: 0,
          route: 'pool-venue',
          graduated: false,
          decimals: 6,
          quoteDecimals,
          curveAllotment: null,
          initialReserveCoin: null,
          lastQuote,
          lastCoin,
          refQuote: lastQuote,
          refCoin: lastCoin,
          volume24h: '0',
          marketCap: '0',
          holders: 0,
        },
        3_600,
      ).price;
    // A reserve of 30 SOL against 1,073,000,000 coins: 27.958993476234... lamports per coin, cut at 21 places.
    expect(spot('30000000000', '1073000000000000', 9)).toBe('0.000000027958993476234');
    expect(spot('1000000000', '2000000', 9)).toBe('0.5');
    // A reserve of $4,000 against 1,000,000 coins: $0.004 per coin.
    expect(spot('4000000000', '1000000000000', 6)).toBe('0.004');
    expect(spot('1500000', '3000000', 6)).toBe('0.5');
    expect(spot('1', '3000000', 6)).toBe('0.000000333333333333');
  });
});
