// Candles of the route (GET /coins/{mint}/ohlcv, from the candle window: api/views/candle-window.ts) told in trade
// events: the 500 latest buckets, open and close by chain order within a slot (log offset, not id order), trades
// moving no coins left out. Three ways the window can hold them: fed the events as they are appended, loaded from the
// trades table (its clock just after them), and loaded from the candles table (its clock days later, so every
// bucket is from before the previous UTC day). Prices are SOL per whole coin (the coins have 6 decimals and a
// 9-decimal SOL quote): 1,100 lamports for 10^6 raw coins is 0.0000011.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Interval } from '../../schemas/api/ohlcv.js';
import type { Event } from '../../schemas/events/index.js';
import { openLiveStore, type LiveStore } from '../fixtures/live-store.js';
import { addr, launched, trade } from '../projections/event-fixtures.js';

const MINT = addr(1);
const ONE_SLOT = addr(2);
const START = 1_750_000_020;
const ONE_SLOT_TIME = 1_750_003_600;
const DAY = 86_400;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

const launches: Event[] = [launched({ slot: 5, tx: 1, blockTime: START - 60 }, MINT), launched({ slot: 5, tx: 2, blockTime: START - 60 }, ONE_SLOT)];

/** A trade a minute for 600 minutes, each for 10^6 raw coins and 1,000 + i lamports. */
const minuteTrades: Event[] = Array.from({ length: 600 }, (_, i) =>
  trade({ slot: 10_000 + i * 150, tx: 100 + i, blockTime: START + i * 60 }, { mint: MINT, coinAmount: '1000000', quoteAmount: String(1_000 + i) }),
);

/** Four trades in one slot, appended in this order (their ids, from the signatures, sort the other way): 500
 * lamports for 2 coins, 900 for 1, 100 for 1, and one moving no coins. */
const oneSlotTrades: Event[] = [
  [9, '2000000', '500'],
  [8, '1000000', '900'],
  [7, '1000000', '100'],
  [6, '0', '0'],
].map(([tx, coinAmount, quoteAmount]) =>
  trade({ slot: 77, tx: tx as number, blockTime: ONE_SLOT_TIME }, { mint: ONE_SLOT, coinAmount: coinAmount as string, quoteAmount: quoteAmount as string }),
);

const LAST_TRADE = START + 599 * 60;
const WAYS = [
  { way: 'fed as appended', clockSeconds: LAST_TRADE + 60, before: [] as Event[], after: [...minuteTrades, ...oneSlotTrades] },
  { way: 'loaded from the trades', clockSeconds: LAST_TRADE + 60, before: [...minuteTrades, ...oneSlotTrades], after: [] as Event[] },
  { way: 'loaded from the candles', clockSeconds: LAST_TRADE + 3 * DAY, before: [...minuteTrades, ...oneSlotTrades], after: [] as Event[] },
];

describe.each(WAYS)('candles $way', ({ clockSeconds, before, after }) => {
  let store: LiveStore;
  let app: FastifyInstance;

  beforeAll(async () => {
    store = await openLiveStore({ clock: () => new Date(clockSeconds * 1000), events: [...launches, ...before] });
    await store.append(after);
    app = store.app();
  });
  afterAll(async () => store?.close());

  async function candlesOf(mint: string, interval: Interval) {
    const res = await app.inject({ method: 'GET', url: `/api/v1/coins/${mint}/ohlcv?interval=${interval}` });
    expect(res.statusCode).toBe(200);
    return res.json().candles as { time: string; open: string; high: string; low: string; close: string; volume: string }[];
  }

  it('given trades in 600 minutes, then the 500 latest 1m candles, oldest first', async () => {
    const candles = await candlesOf(MINT, '1m');
    expect(candles).toHaveLength(500);
    expect(candles[0]).toEqual({
      time: iso(Math.floor((START + 100 * 60) / 60) * 60),
      open: '0.0000011',
      high: '0.0000011',
      low: '0.0000011',
      close: '0.0000011',
      volume: '1100',
    });
    expect(candles[499]?.close).toBe('0.000001599');
    const hours = await candlesOf(MINT, '1h');
    expect(hours).toHaveLength(11);
    expect(hours.map((candle) => Number(candle.volume)).reduce((a, b) => a + b)).toBe(600 * 1_000 + (599 * 600) / 2);
  });

  it('given trades in one slot, then open and close follow the log offset, and no-coin trades are left out', async () => {
    // 500 lamports for 2 coins, 900 for 1, 100 for 1.
    expect(await candlesOf(ONE_SLOT, '4h')).toEqual([
      {
        time: iso(Math.floor(ONE_SLOT_TIME / 14_400) * 14_400),
        open: '0.00000025',
        high: '0.0000009',
        low: '0.0000001',
        close: '0.0000001',
        volume: '1500',
      },
    ]);
  });
});
