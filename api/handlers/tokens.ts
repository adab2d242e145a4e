// Handlers of the token search `GET /tokens` (spec 2.14) and the token logo, shared by the HTTP routes and the
// MCP tool: the aggregator's answer in its ranking when one is configured and answers, else the service's own
// (api/tokens/embedded-search.ts). `onService` always comes from the service's own knowledge: `quote` and, for
// its listed tokens, `addedAt` from chain facts (api/tokens/pair-states.ts, as `GET /token-quotes`); a coin's
// `addedAt` its launch day; `basket` from the configuration.
import { isAddress } from '@solana/kit';
import { z } from 'zod';
import { tokensResponse, type TokenItem, type TokensQuery } from '../../schemas/api/tokens.js';
import { TOKEN_2022_PROGRAM_ID } from '../../schemas/programs/token-addresses.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { QUOTE_LISTINGS_TABLE } from '../../projections/quote-listings/table.js';
import { type Answer, answerKey } from './answer-cache.js';
import { boardNow } from './coins.js';
import { aggregatorToken, type AggregatorToken, type TokenAggregator } from '../tokens/aggregator.js';
import { embeddedTokenSearch } from '../tokens/embedded-search.js';
import { labelName, labelSymbol } from '../tokens/label-rule.js';
import { listedTokens } from '../tokens/listed-tokens.js';
import { pairStates, type PairState, type QuoteConfigReader } from '../tokens/pair-states.js';
import { logoUrl, type Logo, type LogoStore } from '../tokens/token-logo.js';

export interface TokenSearchDeps {
  aggregator: TokenAggregator | null;
  logos: LogoStore;
  /** The launchpad's quote configs on chain; null without a chain connection. */
  quoteConfigs: QuoteConfigReader | null;
}

const aggregatorTokens = z.array(aggregatorToken);

const address = (value: string | null | undefined) => (typeof value === 'string' && isAddress(value) ? value : null);

const httpsUrl = (value: string | null | undefined) =>
  typeof value === 'string' && URL.canParse(value) && new URL(value).protocol === 'https:' ? value : null;

function volume({ stats24h }: AggregatorToken): number | null {
  const { buyVolume: buy, sellVolume: sell } = stats24h ?? {};
  return buy == null && sell == null ? null : (buy ?? 0) + (sell ?? 0);
}

const pairStatesSchema = z.array(z.object({ quote: z.boolean(), addedAt: z.string().nullable(), decimals: z.int().nullable(), configured: z.boolean() }));
/** The chain's quote configs are read again past this age. */
const QUOTE_CONFIGS_MAX_AGE_MS = 30_000;

/** The listed tokens' pair states (in `listedTokens` order), kept while the listings are unchanged and the chain's
 * configs read are young enough. */
async function listedPairStates(ctx: ApiContext, deps: TokenSearchDeps): Promise<PairState[]> {
  const sources = { on: [{ source: QUOTE_LISTINGS_TABLE }], maxAgeMs: QUOTE_CONFIGS_MAX_AGE_MS };
  const states = async () => (await pairStates(ctx, listedTokens(ctx.config), deps.quoteConfigs)).states;
  const answer = await ctx.answers.get(answerKey('listed-pair-states'), sources, pairStatesSchema, states);
  return JSON.parse(answer.json.toString()) as PairState[];
}

async function fromAggregator(ctx: ApiContext, deps: TokenSearchDeps, tokens: AggregatorToken[]): Promise<TokenItem[]> {
  const board = boardNow(ctx);
  const pairs = await listedPairStates(ctx, deps);
  const listed = new Map(listedTokens(ctx.config).map((token, i) => [token.mint, { token, pair: pairs[i]! }]));
  return tokens
    .filter((token) => isAddress(token.id))
    .map((token) => {
      deps.logos.remember(token.id, token.icon);
      const mine = listed.get(token.id);
      const coin = board.rows.get(token.id);
      return {
        mint: token.id,
        symbol: labelSymbol(token.symbol ?? ''),
        name: labelName(token.name ?? ''),
        logoUrl: logoUrl(ctx.config.siteUrl, token.id),
        description: null,
        verified: token.isVerified ?? false,
        tags: token.tags ?? [],
        onService: {
          quote: mine?.pair.quote ?? false,
          basket: mine?.token.basket ?? false,
          addedAt: mine !== undefined ? mine.pair.addedAt : coin === undefined ? null : new Date(coin.launchMs).toISOString().slice(0, 10),
        },
        decimals: token.decimals,
        tokenProgram: token.tokenProgram === TOKEN_2022_PROGRAM_ID || token.tokenProgram === 'token-2022' ? 'token-2022' : 'spl',
        mintAuthority: address(token.mintAuthority),
        freezeAuthority: address(token.freezeAuthority),
        priceUsd: token.usdPrice ?? null,
        marketCap: token.mcap ?? null,
        liquidityUsd: token.liquidity ?? null,
        volume24h: volume(token),
        holders: token.holderCount ?? null,
        links: { website: httpsUrl(token.website), x: httpsUrl(token.twitter) },
      };
    });
}

/** `GET /tokens`: the aggregator's answer for a text (asked once per text and configured time; a failure is not
 * kept) with the service's facts about its tokens, else the service's own, kept per text, limit and board version
 * (its coins as the board shows them). A failing aggregator is reported through `onFallback`. */
export async function searchTokens(ctx: ApiContext, deps: TokenSearchDeps, query: TokensQuery, onFallback: (error: unknown) => void): Promise<Answer> {
  const on = [{ source: ctx.views.board.name }, { source: QUOTE_LISTINGS_TABLE }];
  const { aggregator } = deps;
  if (aggregator !== null) {
    const maxAgeMs = (ctx.config.tokenSearch?.ttlSeconds ?? 0) * 1000;
    const found = await ctx.answers
      .get(answerKey('aggregator', { q: query.q.toLowerCase() }), { on: [], maxAgeMs }, aggregatorTokens, () => aggregator.search(query.q))
      .then((answer) => JSON.parse(answer.json.toString()) as AggregatorToken[])
      .catch((error: unknown) => {
        onFallback(error);
        return null;
      });
    if (found !== null) {
      return ctx.answers.get(answerKey('tokens', query), { on, maxAgeMs }, tokensResponse, async () => ({
        tokens: await fromAggregator(ctx, deps, found.slice(0, query.limit)),
      }));
    }
  }
  const key = answerKey('tokens-own', { ...query, board: boardNow(ctx).version });
  return ctx.answers.get(key, { on, maxAgeMs: QUOTE_CONFIGS_MAX_AGE_MS }, tokensResponse, async () =>
    embeddedTokenSearch(ctx, query.q, query.limit, await listedPairStates(ctx, deps)),
  );
}

/** `GET /tokens/{mint}/logo`: for a token the service lists, one of its coins, or one the aggregator named. */
export async function tokenLogo(ctx: ApiContext, deps: TokenSearchDeps, mint: string): Promise<Logo> {
  const known = deps.logos.knows(mint) || listedTokens(ctx.config).some((token) => token.mint === mint) || ctx.views.board.launchOf(mint) !== undefined;
  if (!known) throw new NotFoundError(`no token ${mint} known to the service`);
  return deps.logos.logo(mint);
}
