// The lag phase's live-stream figure: for the same sampled trades the API's trades route is polled for, when each
// one's `trade` message reached a client of its coin's stream (lag-streams-child.ts). Only trades of coins whose
// stream was open before their slot was confirmed count (a stream opened later may have missed them), and of those
// only while the stream stayed open. Lag = arrival at the client − the slot's confirmation; no poll period in it.
import type { TradeRef } from './bench-types.js';
import type { StreamArrivals } from './lag-streams-child.js';

interface Sampled {
  trade: TradeRef;
  confirmedAt: number;
}

export interface StreamLagResult {
  /** Lag of each counted sampled trade, ms: confirmed → its message at the stream client. */
  lags: number[];
  /** Counted trades whose message had not come by the end (the pipeline may not have reached them either), and of
   * those, the ones the trades route did list: messages lost by the stream itself. */
  missing: number;
  missingListed: number;
  /** Per counted trade received: from the bare chain client holding its slot to the message at the stream client (the
   * pipeline's and the stream's share, without the chain's own delivery), ms. */
  afterBare: number[];
  /** Sampled trades of coins whose stream was not open before their slot was confirmed (not counted). */
  notOpen: number;
  /** The same counted trades, confirmed → listed by the trades route (those the polls found), ms. */
  listedLags: number[];
  /** Per counted trade both saw: listed − arrived at the stream client, ms. */
  listedAfterStream: number[];
  /** Coin streams open at the end, and those that ended before it (cut by the API, or failed). */
  coinStreams: number;
  ended: number;
  refused: Record<string, number>;
  /** Trade messages the clients received in all (every trade of every followed coin). */
  messages: number;
}

export class StreamSamples {
  private readonly sampled: Sampled[] = [];

  watch(confirmedAt: number, samples: readonly TradeRef[]): void {
    for (const trade of samples) this.sampled.push({ trade, confirmedAt });
  }

  signatures(): string[] {
    return this.sampled.map((sample) => sample.trade.signature);
  }

  /** `heldAt`: when the bare chain client held a slot (wall ms), if it did. */
  result(streams: StreamArrivals, listedAt: ReadonlyMap<string, number>, heldAt: (slot: number) => number | undefined): StreamLagResult {
    const out: StreamLagResult = {
      lags: [],
      missing: 0,
      missingListed: 0,
      afterBare: [],
      notOpen: 0,
      listedLags: [],
      listedAfterStream: [],
      coinStreams: 0,
      ended: 0,
      refused: streams.refused,
      messages: streams.trades,
    };
    for (const [mint, at] of Object.entries(streams.opened)) {
      if (streams.ended[mint] === undefined || streams.ended[mint] < at) out.coinStreams++;
      else out.ended++;
    }
    for (const { trade, confirmedAt } of this.sampled) {
      const opened = streams.opened[trade.mint];
      const ended = streams.ended[trade.mint];
      if (opened === undefined || opened >= confirmedAt || (ended !== undefined && ended <= confirmedAt)) {
        out.notOpen++;
        continue;
      }
      const arrived = streams.arrivals[trade.signature];
      const listed = listedAt.get(trade.signature);
      if (listed !== undefined) out.listedLags.push(listed - confirmedAt);
      if (arrived === undefined) {
        out.missing++;
        if (listed !== undefined) out.missingListed++;
        continue;
      }
      out.lags.push(arrived - confirmedAt);
      const held = heldAt(trade.slot);
      if (held !== undefined) out.afterBare.push(arrived - held);
      if (listed !== undefined) out.listedAfterStream.push(listed - arrived);
    }
    return out;
  }
}
