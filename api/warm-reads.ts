// The resident read models (the coin board, wallet rewards, trades) and every coin's holders, rewards, health and
// candles reads loaded in bulk once the API is serving, so the first reader of a route does not wait out a bulk load.
// Started by the service, not by buildApp: a test's app loads only what it asks for.
import type { Logger } from 'pino';
import type { ReadPath } from '../projections/read-path.js';
import { coinRewards } from '../projections/rewards/coin-rewards.js';
import { rewardModel } from '../projections/rewards/reward-model.js';
import { serviceWalletList, type Config } from '../schemas/config.js';
import { INTERVAL_SECONDS } from '../schemas/api/ohlcv.js';
import { coinCandles } from './market/candles.js';
import { tradeBook } from './market/trade-book.js';
import { boardAt, type BoardRow } from './queries/coin-board.js';
import { latestHealthCheck } from './queries/health.js';
import { boardHolderCounts } from './queries/holders.js';

/** Loads each model in turn (chDB runs one statement at a time, so one after another gets each ready soonest),
 * most asked first. A failed load is logged and left to the first reader, which loads on its own. */
export async function warmReads(reads: ReadPath, config: Pick<Config, 'wallets'>, logger: Logger, stopped: AbortSignal): Promise<void> {
  const wallets = serviceWalletList(config.wallets);
  const board = () => boardAt(reads, Math.floor(Date.now() / 1000));
  const everyCoin = async <T>(read: (mint: string, row: BoardRow) => T) => Promise.all([...(await board()).rows].map(([mint, row]) => read(mint, row)));
  const steps: [string, () => Promise<unknown> | unknown][] = [
    ['coin board', board],
    ['holders', async () => boardHolderCounts(reads, await board(), wallets)],
    ['coin rewards', () => everyCoin((mint) => coinRewards(reads, mint))],
    ['health', () => everyCoin((mint) => latestHealthCheck(reads, mint))],
    ['wallet rewards', () => rewardModel(reads).current()],
    ['trades', () => tradeBook(reads).warm()],
    ['candles', () => everyCoin((mint, row) => Promise.all(Object.values(INTERVAL_SECONDS).map((interval) => coinCandles(reads, mint, interval, row))))],
  ];
  for (const [name, step] of steps) {
    if (stopped.aborted) return;
    const started = performance.now();
    try {
      await step();
      logger.info({ model: name, ms: Math.round(performance.now() - started) }, 'read model loaded');
    } catch (error) {
      if (!stopped.aborted) logger.warn({ model: name, err: error }, 'read model not loaded ahead; its first reader loads it');
    }
  }
}
