// US dollar figures of reward totals (spec 2.5): how a coin's quote token is priced (SOL from the price feed, the
// dollar stablecoin at $1, any other quote token not at all) and raw quote amounts into whole US cents, rounded
// down, with bigint arithmetic only.
import type { QuotePricing } from '../../projections/rewards/token-totals.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';

/** One US dollar in micro-USD. */
export const ONE_DOLLAR_MICRO_USD = 1_000_000n;
/** Micro-USD in a cent. */
const MICRO_USD_PER_CENT = 10_000n;

export function quotePricing(quoteMint: string, stablecoinMint: string): QuotePricing {
  if (quoteMint === NATIVE_MINT_ID) return { kind: 'sol' };
  if (quoteMint === stablecoinMint) return { kind: 'fixed', microUsd: ONE_DOLLAR_MICRO_USD };
  return { kind: 'none' };
}

/** Cents of `microUsdTimesRaw` (raw quote units times micro-USD per whole unit), for a quote with `decimals`. */
export function centsOf(microUsdTimesRaw: bigint, decimals: number): bigint {
  return microUsdTimesRaw / (10n ** BigInt(decimals) * MICRO_USD_PER_CENT);
}

/** `paid` raw units of a token worth `last.cost` quote units per `last.bought` raw units, at `quoteMicroUsd`, in
 * cents; the quote token itself is worth one quote unit per unit. Null without a price. */
export function centsNow(
  token: string,
  paid: bigint,
  last: { bought: bigint; cost: bigint },
  quote: { mint: string; decimals: number; microUsd: bigint | null },
): bigint | null {
  if (quote.microUsd === null) return null;
  if (token === quote.mint) return centsOf(paid * quote.microUsd, quote.decimals);
  if (last.bought === 0n) return null;
  return (paid * last.cost * quote.microUsd) / (last.bought * 10n ** BigInt(quote.decimals) * MICRO_USD_PER_CENT);
}
