// The `trades` projector: each trade event into a trades row with its exact integer prices, and per coin the
// state after the batch's latest trade into coin_markets.
import type { TradeEvent } from '../../schemas/events/index.js';
import { chainVersion, dateTime64, pricePerWholeCoin } from '../column-values.js';
import type { LoggedEvent, Projector } from '../projector.js';
import { COIN_MARKETS_TABLE, TRADES_TABLE, coinMarketsTable, tradesTable, type CoinMarketRow, type TradeRow } from './table.js';

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
    price: pricePerWholeCoin(BigInt(d.quoteAmount), BigInt(d.coinAmount)),
    spotPrice: pricePerWholeCoin(BigInt(d.reserves.quote), BigInt(d.reserves.coin)),
  };
}

function marketRow(trade: TradeRow): CoinMarketRow {
  return {
    mint: trade.mint,
    version: chainVersion(trade.slot, trade.logOffset),
    slot: trade.slot,
    time: trade.time,
    lastTradeId: trade.id,
    venue: trade.venue,
    market: trade.market,
    quoteMint: trade.quoteMint,
    reserveCoin: trade.reserveCoin,
    reserveQuote: trade.reserveQuote,
    lastPrice: trade.price,
    spotPrice: trade.spotPrice,
  };
}

export const tradesProjector: Projector = {
  name: 'trades',
  version: 1,
  tables: [tradesTable, coinMarketsTable],
  canHandle: ['trade'],
  handle(events: readonly LoggedEvent[]) {
    const trades: TradeRow[] = [];
    const latest = new Map<string, CoinMarketRow>();
    for (const { event, offset } of events) {
      if (event.type !== 'trade') continue;
      const trade = tradeRow(event, offset);
      trades.push(trade);
      const market = marketRow(trade);
      const known = latest.get(trade.mint);
      if (known === undefined || market.version > known.version) latest.set(trade.mint, market);
    }
    return { [TRADES_TABLE]: trades, [COIN_MARKETS_TABLE]: [...latest.values()] };
  },
};
