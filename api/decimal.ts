// Exact decimal text for the API's derived numbers: a quotient truncated to a number of places, a price in quote
// tokens per whole coin, and basis points as a two-decimal percentage. Inputs are bigints; nothing passes through
// floating point.
import { pricePlaces, type PriceDecimals } from '../schemas/api/price.js';

/** `numerator / denominator` (both non-negative, denominator positive) truncated to `places` decimals, trailing
 * zeros trimmed: `2796/100` -> `27.96`, `28/1` -> `28`. */
export function formatQuotient(numerator: bigint, denominator: bigint, places: number): string {
  if (denominator <= 0n || numerator < 0n) throw new RangeError('formatQuotient needs a non-negative quotient');
  const scale = 10n ** BigInt(places);
  const scaled = (numerator * scale) / denominator;
  return trimDecimal(`${scaled / scale}.${(scaled % scale).toString().padStart(places, '0')}`);
}

/** The price of `quote` raw quote units for `coin` raw coin units (coin positive) in quote tokens per whole coin
 * (schemas/api/price.ts): quote * 10^decimals / (coin * 10^quoteDecimals), truncated to pricePlaces(quoteDecimals)
 * places, trailing zeros trimmed. 2 coins of 6 decimals for 1 SOL: `0.5`. */
export function formatPrice(quote: bigint, coin: bigint, units: PriceDecimals): string {
  return formatQuotient(quote * 10n ** BigInt(units.decimals), coin * 10n ** BigInt(units.quoteDecimals), pricePlaces(units.quoteDecimals));
}

function trimDecimal(text: string): string {
  return text.replace(/\.?0*$/, '') || '0';
}

/** Signed basis points as a percentage with two decimals: `1250n` -> `12.50`, `-7n` -> `-0.07`. */
export function bpsToPercent(bps: bigint): string {
  const negative = bps < 0n;
  const size = negative ? -bps : bps;
  const text = `${size / 100n}.${(size % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}
