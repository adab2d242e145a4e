// The `trades` projector: each trade event into a trades row.
import type { TradeEvent } from '../../schemas/events/index.js';
import { dateTime64 } from '../column-values.js';
import type { LoggedEvent, Projector } from '../projector.js';
import { TRADES_TABLE, tradesTable, type TradeRow } from './table.js';

export function tradeRow(event: TradeEvent, offset: bigint): TradeRow {
  const d = event.data;
  return {
    id: event.id,
    signature: event.signature,
    slot: event.slot,
    time: dateTime64(event.blockTime),
    logOffset: offset,
    mint: d.mint,
    side: d.side,
    trader: d.trader,
    coinAmount: d.coinAmount,
    quoteAmount: d.quoteAmount,
    feeAmount: d.feeAmount,
    referralFee: d.referralFee,
    referrer: d.referrer,
    venue: d.venue,
    market: d.market,
    quoteMint: d.quoteMint,
    reserveCoin: d.reserves.coin,
    reserveQuote: d.reserves.quote,
  };
}

export const tradesProjector: Projector = {
  name: 'trades',
  version: 2,
  tables: [tradesTable],
  canHandle: ['trade'],
  handle(events: readonly LoggedEvent[]) {
    return { [TRADES_TABLE]: events.flatMap(({ event, offset }) => (event.type === 'trade' ? [tradeRow(event, offset)] : [])) };
  },
};
