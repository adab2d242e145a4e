// The live views a serving process holds, on one feed (live-views.ts): the coin board, the trade window and the
// candle window.
import { readModelProjectors } from '../../projections/read-models.js';
import { serviceWalletList, type Config } from '../../schemas/config.js';
import { CandleWindow } from './candle-window.js';
import { CoinBoard } from './coin-board.js';
import { LiveViews, type LiveViewsOptions } from './live-views.js';
import { TradeWindow } from './trade-window.js';

export type ViewsOptions = Pick<LiveViewsOptions, 'log' | 'olap' | 'logger'> & {
  config: Pick<Config, 'wallets' | 'mints'>;
  /** Bounds the windows loaded at start; the service's clock. */
  clock?: () => Date;
};

/** The views on their feed, not started (`feed.start()` loads them and follows the log). */
export function createViews({ log, olap, config, clock = () => new Date(), logger }: ViewsOptions) {
  const serviceWallets = serviceWalletList(config.wallets);
  const board = new CoinBoard(serviceWallets, config.mints.stablecoin);
  const trades = new TradeWindow();
  const candles = new CandleWindow();
  const feed = new LiveViews({ log, olap, clock, logger, views: [board, trades, candles], projectors: readModelProjectors(serviceWallets) });
  return { feed, board, trades, candles };
}

export type Views = ReturnType<typeof createViews>;
