// Candles of the route (api/market/candles.ts) from trades projected into chDB with the candles they derive: the 500
// latest buckets, open and close by chain order within a slot (log offset, not id order), trades moving no coins
// left out. Prices are SOL per
// whole coin (the fixture coins have 6 decimals and a 9-decimal SOL quote): 1,100 lamports for 10^6 raw coins is
// 0.0000011.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Olap } from '../../infra/olap/olap.js';
import { openOlap } from '../../infra/olap/open-olap.js';
import { coinCandles } from '../../api/market/candles.js';
import { ReadPath } from '../../projections/read-path.js';
import { INTERVAL_SECONDS, type Interval } from '../../schemas/api/ohlcv.js';
import { candlesProjector } from '../../projections/candles/projector.js';
import { writeEvents } from '../../projections/project-batch.js';
import { tradesProjector } from '../../projections/trades/projector.js';
import type { LoggedEvent } from '../../projections/projector.js';
import { addr, trade } from '../projections/event-fixtures.js';

const PROJECTORS = [tradesProjector, candlesProjector];
const MINT = addr(1);
const UNITS = { decimals: 6, quoteDecimals: 9 };
const START = 1_750_000_020;
let dir: string;
let olap: Olap;

const candlesOf = async (mint: string, interval: Interval) => (await coinCandles(new ReadPath(olap), mint, INTERVAL_SECONDS[interval], UNITS)).candles;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

const minuteTrades: LoggedEvent[] = Array.from({ length: 600 }, (_, i) => ({
  event: trade({ slot: 10_000 + i * 150, tx: 100 + i, blockTime: START + i * 60 }, { mint: MINT, coinAmount: '1000000', quoteAmount: String(1_000 + i) }),
  offset: BigInt(10 + i),
}));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'candles-'));
  olap = await openOlap({ dataDir: dir });
  for (const projector of PROJECTORS) for (const table of projector.tables) await olap.exec(table.ddl);
});

afterAll(async () => {
  await olap.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('candles', () => {
  it('given trades in 600 minutes, then the 500 latest 1m candles, oldest first', async () => {
    await writeEvents(olap, minuteTrades, PROJECTORS);
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
    const mint = addr(2);
    const blockTime = 1_750_003_600;
    const at = (tx: number) => ({ slot: 77, tx, blockTime });
    await writeEvents(
      olap,
      [
        { event: trade(at(9), { mint, coinAmount: '2000000', quoteAmount: '500' }), offset: 1n },
        { event: trade(at(8), { mint, coinAmount: '1000000', quoteAmount: '900' }), offset: 2n },
        { event: trade(at(7), { mint, coinAmount: '1000000', quoteAmount: '100' }), offset: 3n },
        { event: trade(at(6), { mint, coinAmount: '0', quoteAmount: '0' }), offset: 4n },
      ],
      PROJECTORS,
    );
    // 500 lamports for 2 coins, 900 for 1, 100 for 1.
    expect(await candlesOf(mint, '4h')).toEqual([
      {
        time: iso(Math.floor(blockTime / 14_400) * 14_400),
        open: '0.00000025',
        high: '0.0000009',
        low: '0.0000001',
        close: '0.0000001',
        volume: '1500',
      },
    ]);
  });
});
