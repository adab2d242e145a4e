// What the live streams carry, made from the projections' committed changes (never by polling the tables):
// each trade on its coin's channel in the shape of GET /coins/{mint}/trades, then, for a coin someone follows, its
// latest candle at every interval as GET /coins/{mint}/ohlcv now reads it; launches and graduations on `all` in the
// shape webhooks deliver them. Trades are published whether or not anyone follows, so a client that reconnects
// catches up on what it missed.
import type { Logger } from 'pino';
import { coinGraduated, coinLaunched, type EventContext } from '../../projections/webhooks/webhook-events.js';
import type { Change } from '../../projections/changes.js';
import { isoFromSeconds } from '../../schemas/api/fields.js';
import { INTERVALS } from '../../schemas/api/ohlcv.js';
import type { CandleMessage } from '../../schemas/api/stream.js';
import type { Trade } from '../../schemas/api/trades.js';
import type { TradeEvent } from '../../schemas/events/index.js';
import type { ApiContext } from '../deps.js';
import { listCandles } from '../handlers/market.js';
import type { StreamHub } from './stream-hub.js';

export const ALL_CHANNEL = 'all';

const COIN_PREFIX = 'coin:';

export function coinChannel(mint: string): string {
  return COIN_PREFIX + mint;
}

function tradeItem(event: TradeEvent): Trade {
  const d = event.data;
  return {
    signature: event.signature,
    time: isoFromSeconds(event.blockTime),
    side: d.side,
    trader: d.trader,
    coinAmount: d.coinAmount,
    quoteAmount: d.quoteAmount,
  };
}

export class StreamFeed {
  /** Coins whose candles are being read, and whether new trades came meanwhile. */
  private readonly refreshing = new Map<string, boolean>();

  constructor(
    private readonly hub: StreamHub,
    private readonly ctx: ApiContext,
    private readonly events: EventContext,
    private readonly logger?: Logger,
  ) {}

  /** A batch's messages, gathered per channel and published a channel at a time (one write a client). */
  readonly onCommitted = (batch: Change): void => {
    const byChannel = new Map<string, { event: string; data: string }[]>();
    const add = (channel: string, event: string, data: string) => {
      let messages = byChannel.get(channel);
      if (messages === undefined) byChannel.set(channel, (messages = []));
      messages.push({ event, data });
    };
    for (const event of batch.events) {
      if (event.type === 'trade') add(coinChannel(event.data.mint), 'trade', JSON.stringify(tradeItem(event)));
      else if (event.type === 'coin.launched') add(ALL_CHANNEL, 'coin.launched', coinLaunched(this.events, event).body);
      else if (event.type === 'coin.graduated') add(ALL_CHANNEL, 'coin.graduated', coinGraduated(this.events, event).body);
    }
    for (const [channel, messages] of byChannel) {
      this.hub.publish(channel, messages);
      if (channel !== ALL_CHANNEL && this.hub.followed(channel)) this.refreshCandles(channel.slice(COIN_PREFIX.length));
    }
  };

  /** Read the coin's candles and publish the latest of each interval; one read at a time per coin, again when trades
   * came during it. */
  private refreshCandles(mint: string): void {
    if (this.refreshing.has(mint)) {
      this.refreshing.set(mint, true);
      return;
    }
    this.refreshing.set(mint, false);
    void (async () => {
      do {
        this.refreshing.set(mint, false);
        for (const interval of INTERVALS) {
          const { candles } = await listCandles(this.ctx, mint, { interval });
          const latest = candles.at(-1);
          const message: CandleMessage | null = latest === undefined ? null : { interval, candle: latest };
          if (message !== null) this.hub.publish(coinChannel(mint), [{ event: 'candle', data: JSON.stringify(message) }]);
        }
      } while (this.refreshing.get(mint) === true);
    })()
      .catch((error: unknown) => this.logger?.warn({ err: error, mint }, 'could not read candles for the live stream'))
      .finally(() => this.refreshing.delete(mint));
  }
}
