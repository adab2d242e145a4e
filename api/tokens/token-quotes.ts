// `GET /token-quotes`: the pair tokens a launch may choose: SOL and the stablecoin (the configuration's pairs),
// then every other token the launchpad's admin configured by transaction, listed or since disabled. Whether the
// launchpad takes each now and the day it was listed come from api/tokens/pair-states.ts, the same rule token
// search follows; decimals from the chain's quote config; the price in US dollars when known, as token search gives it.
import type { Address } from '@solana/kit';
import { quoteListings } from '../../projections/quote-listings/queries.js';
import type { TokenQuotesResponse } from '../../schemas/api/token-quotes.js';
import type { ApiContext } from '../deps.js';
import type { LaunchContext } from '../launch/launch-context.js';
import { listedTokens, type ListedToken } from './listed-tokens.js';
import { pairStates } from './pair-states.js';
import { quoteUsd } from './token-values.js';

/** SOL and the stablecoin first, then configured tokens in the configuration's order, then the rest by mint. */
async function candidates(ctx: ApiContext): Promise<{ mint: string; token: ListedToken | null }[]> {
  const listed = listedTokens(ctx.config);
  const configured = await quoteListings(ctx.olap);
  const pairs = listed.filter((token) => token.role === 'sol' || token.role === 'stablecoin');
  const others = listed.filter((token) => !pairs.includes(token) && configured.has(token.mint));
  const known = new Set(listed.map((token) => token.mint));
  const unknown = [...configured.keys()].filter((mint) => !known.has(mint)).sort();
  return [...[...pairs, ...others].map((token) => ({ mint: token.mint, token })), ...unknown.map((mint) => ({ mint, token: null }))];
}

export async function tokenQuotes(ctx: ApiContext, lc: LaunchContext): Promise<TokenQuotesResponse> {
  const tokens = await candidates(ctx);
  const solMicroUsd = ctx.views.board.solMicroUsd;
  const [{ states }] = await Promise.all([
    pairStates(
      ctx,
      tokens.map(({ mint, token }) => ({ mint, role: token?.role ?? null })),
      (mint: Address) => lc.settings.quoteConfig(mint),
    ),
  ]);
  return {
    quotes: tokens.map(({ mint, token }, i) => {
      const state = states[i]!;
      const role = token?.role ?? null;
      const priceUsd = role === 'stablecoin' || role === 'sol' ? quoteUsd(mint, ctx.config.mints.stablecoin, solMicroUsd) : null;
      return {
        mint,
        symbol: token?.symbol ?? null,
        name: token?.name ?? null,
        decimals: state.decimals ?? token?.decimals ?? null,
        priceUsd,
        launchpad: state.quote,
        addedAt: state.addedAt,
      };
    }),
  };
}
