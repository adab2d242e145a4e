// Candles of `GET /coins/{mint}/ohlcv` from the candles read model (projections/candles): the latest MAX_CANDLES
// intervals with trades, oldest first, each price in quote tokens per whole coin (schemas/api/price.ts: quoteAmount
// * 10^decimals / (coinAmount * 10^quoteDecimals), cut to 12 + quoteDecimals places). An answer is kept on the read
// path under the coin's version of the candles table, so a repeated ask gets the very same object.
import { latestCandles } from '../../projections/candles/queries.js';
import { CANDLES_TABLE, type CandleRow } from '../../projections/candles/table.js';
import type { ReadPath } from '../../projections/read-path.js';
import { isoFromSeconds } from '../../schemas/api/fields.js';
import type { Candle, OhlcvResponse } from '../../schemas/api/ohlcv.js';
import type { PriceDecimals } from '../../schemas/api/price.js';
import { formatPrice } from '../decimal.js';

function candle(row: CandleRow, units: PriceDecimals): Candle {
  const price = (quote: string, coin: string) => formatPrice(BigInt(quote), BigInt(coin), units);
  return {
    time: isoFromSeconds(row.bucket * row.interval),
    open: price(row.openQuote, row.openCoin),
    high: price(row.highQuote, row.highCoin),
    low: price(row.lowQuote, row.lowCoin),
    close: price(row.closeQuote, row.closeCoin),
    volume: row.volume,
  };
}

/** Candles of `mint` (its decimals and its quote token's in `units`) at `interval` seconds. */
export function coinCandles(reads: ReadPath, mint: string, interval: number, units: PriceDecimals): OhlcvResponse | Promise<OhlcvResponse> {
  const key = `candles\n${mint}|${interval}|${units.decimals}|${units.quoteDecimals}`;
  return reads.answer(key, { tables: [], variant: reads.version([CANDLES_TABLE], mint) }, async () => ({
    candles: (await latestCandles(reads, mint, interval)).map((row) => candle(row, units)).reverse(),
  }));
}
