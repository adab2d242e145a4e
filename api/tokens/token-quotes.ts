// `GET /token-quotes`: the pair tokens the service offers for launching (SOL and the dollar stablecoin), each with
// what the launchpad's quote configuration on chain says of it (read through the launch context's program settings,
// kept half a minute) and its price in US dollars when known.
import type { Address } from '@solana/kit';
import { priceAt } from '../../projections/prices/queries.js';
import type { TokenQuotesResponse } from '../../schemas/api/token-quotes.js';
import type { ApiContext } from '../deps.js';
import type { LaunchContext } from '../launch/launch-context.js';
import { dollars } from '../payments/tiers.js';
import { listedTokens } from './listed-tokens.js';

/** The stablecoin is a dollar by definition here, as everywhere the service values amounts. */
const STABLECOIN_USD = '1';

export async function tokenQuotes(ctx: ApiContext, lc: LaunchContext): Promise<TokenQuotesResponse> {
  const candidates = listedTokens(ctx.config).filter((token) => token.quote);
  const [solMicroUsd, configs] = await Promise.all([
    priceAt(ctx.olap, 'SOL'),
    Promise.all(candidates.map((token) => lc.settings.quoteConfig(token.mint as Address))),
  ]);
  return {
    quotes: candidates.map((token, i) => {
      const config = configs[i] ?? null;
      const priceUsd = token.role === 'stablecoin' ? STABLECOIN_USD : solMicroUsd === null ? null : dollars(solMicroUsd);
      return {
        mint: token.mint,
        symbol: token.symbol,
        name: token.name,
        decimals: config?.quoteDecimals ?? token.decimals,
        priceUsd,
        launchpad: config !== null,
      };
    }),
  };
}
