// The `candles` projector on chDB and the candle window, given one coin's trades in batches, then its candles at
// every interval equal a recomputation from the trade events in chain order (fixtures/expected-candles.ts): bursts
// in one second over several slots, block times running backwards from one slot to the next, trades moving no coins,
// amounts past 2^53 up to the u64 limit with prices a hair apart (closer than 10^-38). The projector recomputes only
// the intervals from a batch's earliest trade on, and a batch written again changes nothing; the window, loaded
// from the store at any moment (old buckets from the candles table, the rest from the trades) or given the events
// (each batch twice, then all again from the start), holds the same candles. The coin's launch is in the store, as
// the window loads the coins the coins table holds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CandleWindow } from '../../api/views/candle-window.js';
import { coinSlices } from '../../api/views/live-views.js';
import type { Olap } from '../../infra/olap/olap.js';
import { openOlap } from '../../infra/olap/open-olap.js';
import { candlesProjector } from '../../projections/candles/projector.js';
import { coinsProjector } from '../../projections/coins/projector.js';
import { projectEvents, writeBatch } from '../../projections/project-batch.js';
import type { LoggedEvent } from '../../projections/projector.js';
import { tradesProjector } from '../../projections/trades/projector.js';
import { INTERVAL_SECONDS, INTERVALS } from '../../schemas/api/ohlcv.js';
import { expectedCandlesOf } from '../../infra/devnet/truth/expected-candles.js';
import { addr, launched, logged, trade } from './event-fixtures.js';

const MINT = addr(1);
const UNITS = { decimals: 6, quoteDecimals: 9 };
const PROJECTORS = [tradesProjector, candlesProjector];
const U64_MAX = 2n ** 64n - 1n;
let dir: string;
let olap: Olap;

/** 600 trades over about two days, in chain order (slot, then log offset). */
function trades(): LoggedEvent[] {
  let seed = 11;
  const random = (n: number) => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed % n;
  };
  const out: LoggedEvent[] = [];
  let slot = 1_000;
  let seconds = 1_750_000_000;
  for (let i = 0; i < 600; i++) {
    const move = random(10);
    if (move < 6) {
      slot += 1 + random(3);
      // Mostly forward; now and then a slot's block time runs back a little.
      seconds += move === 0 ? -random(90) : random(move < 3 ? 2 : 600);
    }
    const amounts: [bigint, bigint] =
      i % 97 === 0
        ? [0n, 0n]
        : i % 13 === 0
          ? [U64_MAX - BigInt(i % 3), U64_MAX - 1n - BigInt(i % 3)]
          : [BigInt(1 + random(5_000_000)) * (i % 7 === 0 ? 10n ** 9n : 1n), BigInt(1 + random(9_000_000))];
    const event = trade({ slot, tx: 10_000 + i, blockTime: seconds }, { mint: MINT, quoteAmount: String(amounts[0]), coinAmount: String(amounts[1]) });
    out.push({ event, offset: BigInt(i) });
  }
  return out;
}

/** The window's candles of every interval equal those recomputed from `written`. */
function expectCandlesOf(window: CandleWindow, written: readonly LoggedEvent[], as: string): void {
  const priced = written.map(({ event }) => {
    if (event.type !== 'trade') throw new Error('a trade');
    return { seconds: event.blockTime, quote: BigInt(event.data.quoteAmount), coin: BigInt(event.data.coinAmount) };
  });
  for (const interval of INTERVALS) {
    const seconds = INTERVAL_SECONDS[interval];
    expect(window.candles(MINT, interval, UNITS), `${as} ${interval}`).toEqual(expectedCandlesOf(priced, seconds, UNITS.decimals, UNITS.quoteDecimals));
  }
}

/** Windows loaded from the store at moments before, inside and after the trades' span: `written`'s candles. */
async function expectStoredCandlesOf(written: readonly LoggedEvent[]): Promise<void> {
  const times = written.map(({ event }) => event.blockTime);
  for (const nowSeconds of [Math.min(...times), Math.floor((Math.min(...times) + Math.max(...times)) / 2), Math.max(...times) + 3 * 86_400]) {
    const window = new CandleWindow();
    await window.load(olap, await coinSlices(olap), nowSeconds);
    expectCandlesOf(window, written, `loaded at ${nowSeconds}`);
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'candles-projector-'));
  olap = await openOlap({ dataDir: dir });
  for (const projector of [...PROJECTORS, coinsProjector]) for (const table of projector.tables) await olap.exec(table.ddl);
  await writeBatch(olap, projectEvents(logged([launched({ slot: 900, tx: 1 }, MINT)]), [coinsProjector]), [coinsProjector]);
});

afterAll(async () => {
  await olap.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the candles projector', () => {
  it('given trades in batches, then after each the candles of every interval are those of every trade so far; a batch again changes nothing', async () => {
    const all = trades();
    const batches = [all.slice(0, 250), all.slice(250, 251), all.slice(251, 420), all.slice(420)];
    const fed = new CandleWindow();
    for (const [i, batch] of batches.entries()) {
      await writeBatch(olap, projectEvents(batch, PROJECTORS), PROJECTORS);
      const sofar = all.slice(0, batches.slice(0, i + 1).flat().length);
      await expectStoredCandlesOf(sofar);
      fed.handle(batch);
      fed.handle(batch);
      expectCandlesOf(fed, sofar, 'fed');
    }
    await writeBatch(olap, projectEvents(batches[2]!, PROJECTORS), PROJECTORS);
    await expectStoredCandlesOf(all);
    fed.handle(all);
    expectCandlesOf(fed, all, 'fed again from the start');
  });
});
