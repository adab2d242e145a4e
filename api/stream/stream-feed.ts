// What the live streams carry, made from the live views as each batch of the log folds in (api/views): each new
// trade on its coin's channel as GET /coins/{mint}/trades shows it, then, for a coin someone follows, its latest
// candle at every interval as GET /coins/{mint}/ohlcv shows it; launches and graduations on `all` in the shape
// webhooks deliver them. Each once: as the views take them, however often the log brings them. Trades are published whether or not anyone follows, so a client that reconnects catches
// up on what it missed.
import { coinGraduated, coinLaunched, type EventContext } from '../../projections/webhooks/webhook-events.js';
import { INTERVALS } from '../../schemas/api/ohlcv.js';
import type { CandleMessage } from '../../schemas/api/stream.js';
import type { LiveChange } from '../views/live-views.js';
import type { Views } from '../views/views.js';
import type { StreamHub } from './stream-hub.js';

export const ALL_CHANNEL = 'all';

const COIN_PREFIX = 'coin:';

export function coinChannel(mint: string): string {
  return COIN_PREFIX + mint;
}

export class StreamFeed {
  constructor(
    private readonly hub: StreamHub,
    private readonly views: Views,
    private readonly events: EventContext,
  ) {}

  /** A batch's messages, gathered per channel and published a channel at a time (one write a client). */
  readonly onChange = (sources: LiveChange): void => {
    const byChannel = new Map<string, { event: string; data: string }[]>();
    const add = (channel: string, event: string, data: string) => {
      let messages = byChannel.get(channel);
      if (messages === undefined) byChannel.set(channel, (messages = []));
      messages.push({ event, data });
    };
    const { trades, candles, board } = this.views;
    if (sources.has(trades.name)) for (const { mint, item } of trades.newTrades) add(coinChannel(mint), 'trade', JSON.stringify(item));
    if (sources.has(board.name)) {
      for (const { event } of board.newMilestones) {
        if (event.type === 'coin.launched') add(ALL_CHANNEL, 'coin.launched', coinLaunched(this.events, event).body);
        else if (event.type === 'coin.graduated') add(ALL_CHANNEL, 'coin.graduated', coinGraduated(this.events, event).body);
      }
    }
    const touched = sources.get(candles.name);
    for (const mint of touched ?? []) {
      if (!this.hub.followed(coinChannel(mint))) continue;
      const launch = board.launchOf(mint);
      if (launch === undefined) continue;
      for (const interval of INTERVALS) {
        const candle = candles.latest(mint, interval, launch);
        const message: CandleMessage | null = candle === null ? null : { interval, candle };
        if (message !== null) add(coinChannel(mint), 'candle', JSON.stringify(message));
      }
    }
    for (const [channel, messages] of byChannel) this.hub.publish(channel, messages);
  };
}
