// The read models loaded ahead of any request (api/warm-reads.ts) on the fixture market: nothing before the
// service asks (or once it is stopping), then every model in turn, each logged, and the trades, rewards and health check of every coin held.
import { announcedStore } from '../fixtures/announced-store.js';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tradeBook } from '../../api/market/trade-book.js';
import { findCoin } from '../../api/queries/coins.js';
import { latestHealthCheck } from '../../api/queries/health.js';
import { coinCandles } from '../../api/market/candles.js';
import { INTERVAL_SECONDS } from '../../schemas/api/ohlcv.js';
import { warmReads } from '../../api/warm-reads.js';
import { coinRewards } from '../../projections/rewards/coin-rewards.js';
import { rewardModel } from '../../projections/rewards/reward-model.js';
import { startApiHarness, type ApiHarness } from './harness.js';

let h: ApiHarness;

beforeAll(async () => {
  h = await startApiHarness();
});
afterAll(async () => h?.close());

function recordingLogger(): { logger: pino.Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

it('loads nothing once stopping, else the board, holders, coin rewards, health, wallet rewards and every coin trades, in that order', async () => {
  const { reads } = announcedStore(h.olap);
  const stopping = new AbortController();
  stopping.abort();
  const quiet = recordingLogger();
  await warmReads(reads, h.config, quiet.logger, stopping.signal);
  expect(quiet.lines).toEqual([]);
  expect(tradeBook(reads).size.trades).toBe(0);

  const { logger, lines } = recordingLogger();
  await warmReads(reads, h.config, logger, new AbortController().signal);
  expect(lines.map((line) => [line.msg, line.model])).toEqual([
    ['read model loaded', 'coin board'],
    ['read model loaded', 'holders'],
    ['read model loaded', 'coin rewards'],
    ['read model loaded', 'health'],
    ['read model loaded', 'wallet rewards'],
    ['read model loaded', 'trades'],
    ['read model loaded', 'candles'],
  ]);
  expect(tradeBook(reads).size.trades).toBe(new Set(h.fixture.trades.map((trade) => trade.signature)).size);
  expect(rewardModel(reads).current()).toBeNull();
  // Every coin's rewards, health check and candles are kept: answered without a read.
  for (const { mint } of Object.values(h.fixture.coins)) {
    expect(coinRewards(reads, mint)).not.toBeInstanceOf(Promise);
    expect(latestHealthCheck(reads, mint)).not.toBeInstanceOf(Promise);
    const units = (await findCoin(reads, mint))!;
    for (const interval of Object.values(INTERVAL_SECONDS)) expect(coinCandles(reads, mint, interval, units)).not.toBeInstanceOf(Promise);
  }
});
