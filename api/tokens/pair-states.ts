// Where each token stands as a launchpad pair, for the pair listing (`GET /token-quotes`) and token search
// (`onService.quote`, `onService.addedAt`), so the two always agree. One rule, from chain facts:
//  - a token the launchpad's admin configured by transaction (SetQuoteConfig → quote.configured → the
//    quote-listings read model): taken now when the latest such transaction left it enabled; listed on the UTC day
//    of the block of the first transaction that enabled it. Any later change to a quote config is again such a
//    transaction, so the read model is the config's current state, as of the indexed slot;
//  - a token no transaction configured holds the quote config the chain started with (genesis writes the accounts,
//    no transaction dates them): taken when that account, read through the chain as launches read it (kept half a
//    minute), is enabled; listed on an unknown day (null);
//  - without a chain connection (tools and tests serving reads only), that starting state is taken to be the
//    configuration's pairs (SOL and the stablecoin), the pairs the service's genesis lists.
import type { Address } from '@solana/kit';
import { quoteListings, type QuoteListings } from '../../projections/quote-listings/queries.js';
import type { QuoteConfig } from '../../schemas/programs/launchpad/accounts.js';
import type { ApiContext } from '../deps.js';
import type { ListedRole } from './listed-tokens.js';

/** The launchpad's enabled quote config of a mint, read from the chain; null when absent or disabled. */
export type QuoteConfigReader = (mint: Address) => Promise<QuoteConfig | null>;

export interface PairState {
  /** The launchpad takes it as a pair now. */
  quote: boolean;
  /** UTC day it was first enabled by a transaction; null when unknown (a genesis config) or never. */
  addedAt: string | null;
  /** Decimals as the chain's enabled config or the listing transaction gave them; null when neither did. */
  decimals: number | null;
  /** Whether a transaction ever configured it. */
  configured: boolean;
}

export interface PairCandidate {
  mint: string;
  /** Its role in the configuration, for the state without a chain connection; null for other mints. */
  role: ListedRole | null;
}

const genesisPair = (role: ListedRole | null) => role === 'sol' || role === 'stablecoin';

/** The pair state of each candidate, in order, with the listings read (for callers that keep answers). */
export async function pairStates(
  ctx: ApiContext,
  candidates: readonly PairCandidate[],
  chain: QuoteConfigReader | null,
): Promise<{ listings: QuoteListings; states: PairState[] }> {
  const listings = await quoteListings(ctx.olap);
  const states = await Promise.all(
    candidates.map(async ({ mint, role }): Promise<PairState> => {
      const listing = listings.get(mint);
      if (listing !== undefined) {
        const config = listing.enabled && chain !== null ? await chain(mint as Address) : null;
        return { quote: listing.enabled, addedAt: listing.listedOn, decimals: config?.quoteDecimals ?? listing.quoteDecimals, configured: true };
      }
      if (chain === null) return { quote: genesisPair(role), addedAt: null, decimals: null, configured: false };
      const config = await chain(mint as Address);
      return { quote: config !== null, addedAt: null, decimals: config?.quoteDecimals ?? null, configured: false };
    }),
  );
  return { listings, states };
}
