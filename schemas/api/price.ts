// The unit of every price the API shows (spec 2.8: "quote token per whole coin"): SOL per coin on a SOL pair,
// dollars per coin on a stablecoin pair. A price is quote * 10^decimals / (coin * 10^quoteDecimals) for `quote`
// raw quote units against `coin` raw coin units, written as an exact decimal string (bigint in code, Decimal in
// SQL, never floating point). It is cut to PRICE_PLACES + quoteDecimals places: the same significant digits as
// the raw-quote-unit price cut to PRICE_PLACES would have, so a tiny price on a 9-decimal pair keeps its digits.
// Trailing zeros are trimmed. Shared by the schema texts, the in-memory candles and the SQL reads, so all agree.
import { decimalString } from './fields.js';

/** Places a price keeps beyond the quote token's own decimals. */
export const PRICE_PLACES = 12;

/** The decimals a price depends on: the coin's and its quote token's. */
export interface PriceDecimals {
  decimals: number;
  quoteDecimals: number;
}

/** Places of a price on a pair whose quote token has `quoteDecimals` decimals (21 for SOL, 18 for a 6-decimal
 * stablecoin). */
export function pricePlaces(quoteDecimals: number): number {
  return PRICE_PLACES + quoteDecimals;
}

/** How every price field reads in the API's documents. */
export const PRICE_UNIT_TEXT =
  `quote tokens per whole coin (SOL per coin on a SOL pair, dollars per coin on a stablecoin pair): quote * 10^decimals / ` +
  `(coin * 10^quote.decimals) from raw amounts, with the coin's \`decimals\` and \`quote.decimals\` (GET /coins/{mint}), ` +
  `truncated to ${PRICE_PLACES} + quote.decimals places (21 on a SOL pair), trailing zeros trimmed`;

/** A price field with what it is the price of. */
export function priceString(what: string) {
  return decimalString.describe(`${what}, in ${PRICE_UNIT_TEXT}`);
}
