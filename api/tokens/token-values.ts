// US-dollar values of the service's coins for token search items: price, market cap and 24h volume from the
// coin's figures (api/figures.ts), its quote token valued at the latest SOL price (SOL) or at one dollar (the
// stablecoin); null for another quote token, without a SOL price, or while the figures are pending.
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import type { Figures } from '../figures.js';
import type { BoardRow } from '../views/coin-board.js';

export interface UsdValues {
  priceUsd: number | null;
  marketCap: number | null;
  volume24h: number | null;
}

/** Dollars per whole quote token, or null when unknown. */
export function quoteUsd(quoteMint: string, stablecoin: string, solMicroUsd: bigint | null): number | null {
  if (quoteMint === NATIVE_MINT_ID) return solMicroUsd === null ? null : Number(solMicroUsd) / 1e6;
  return quoteMint === stablecoin ? 1 : null;
}

/** A float with 12 significant digits: enough for dollars, without binary noise. */
const tidy = (value: number) => Number(value.toPrecision(12));

/** The price is already in whole quote tokens per coin (schemas/api/price.ts); market cap and volume are raw quote
 * units, so they are scaled by the quote's decimals first. */
export function usdValues(row: BoardRow, figures: Figures, stablecoin: string, solMicroUsd: bigint | null): UsdValues {
  const perQuote = quoteUsd(row.quoteMint, stablecoin, solMicroUsd);
  const scale = 10 ** Number(row.quoteDecimals);
  const value = (wholeQuote: number | null) => (wholeQuote === null || perQuote === null ? null : tidy(wholeQuote * perQuote));
  const raw = (amount: string | null) => (amount === null ? null : Number(amount) / scale);
  return {
    priceUsd: value(figures.price === null ? null : Number(figures.price)),
    marketCap: value(raw(figures.marketCap)),
    volume24h: value(raw(figures.volume24h)),
  };
}
