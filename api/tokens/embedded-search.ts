// The service's own token search: its listed tokens (api/tokens/listed-tokens.ts) and its coins (coins
// projection), matched and ranked here. Rank: mint equal, then symbol equal, symbol starting with the text,
// name starting with it, a word of the name starting with it, then either containing it; within a rank the
// listed tokens first, then higher market cap in dollars (unknown last), then mint. Answers are kept on the read
// path per text and limit, the same object while the matched coins' board rows, their holder counts, the SOL price
// and the listed tokens' pair states are the same (figures as of the coin board's second: api/queries/coin-board.ts);
// never changed once answered. A listed token's `onService.quote` and `addedAt` follow api/tokens/pair-states.ts, as
// `GET /token-quotes` does; `basket` is the configuration's (no chain fact lists basket tokens).
import type { TokenItem, TokensResponse } from '../../schemas/api/tokens.js';
import { priceAt } from '../../projections/prices/queries.js';
import type { ApiContext } from '../deps.js';
import { sameItems, serialOf } from '../../projections/read-path.js';
import { boardHolderCounts, type HolderCounts } from '../queries/holders.js';
import { boardAt } from '../queries/coin-board.js';
import type { CoinRow } from '../queries/coin-sql.js';
import { searchMatches } from '../queries/text-matches.js';
import { boardRowsOf } from '../queries/tokens.js';
import { figuresPending } from '../figures.js';
import { labelName, labelSymbol } from './label-rule.js';
import { listedTokens, type ListedToken } from './listed-tokens.js';
import { pairStates, type PairState, type QuoteConfigReader } from './pair-states.js';
import { logoUrl } from './token-logo.js';
import { coinFigures } from '../figures.js';
import { quoteUsd, usdValues } from './token-values.js';
import { serviceWalletList } from '../../schemas/config.js';

/** Coins looked at for one search, newest first; more matches than this rank among the newest. */
const MAX_COIN_CANDIDATES = 200;

/** The rank of a match (lower is better), or null when the text does not match. */
export function matchRank(q: string, mint: string, symbol: string | null, name: string | null): number | null {
  if (mint === q) return 0;
  const text = q.trim().toLowerCase();
  const bare = text.replace(/^\$/, '');
  const sym = (symbol ?? '').trim().toLowerCase().replace(/^\$/, '');
  const nam = (name ?? '').trim().toLowerCase();
  if (bare.length > 0 && sym === bare) return 1;
  if (bare.length > 0 && sym.startsWith(bare)) return 2;
  if (nam.startsWith(text)) return 3;
  if (nam.split(/\s+/).some((word) => word.startsWith(text))) return 4;
  if ((bare.length > 0 && sym.includes(bare)) || nam.includes(text)) return 5;
  return null;
}

interface Ranked {
  item: TokenItem;
  rank: number;
  listed: boolean;
}

export function compareRanked(a: Ranked, b: Ranked): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  if (a.listed !== b.listed) return a.listed ? -1 : 1;
  const capA = a.item.marketCap ?? -1;
  const capB = b.item.marketCap ?? -1;
  if (capA !== capB) return capB - capA;
  return a.item.mint < b.item.mint ? -1 : a.item.mint > b.item.mint ? 1 : 0;
}

const noLinks = { website: null, x: null };

/** A search's answer with what it was made from besides the board: the matched coins' rows and whether each one's
 * figures were pending, and the other inputs as text. */
interface MadeSearch {
  inputs: string;
  rows: CoinRow[];
  pending: boolean[];
  answer: TokensResponse;
}

/** The service's own answer; `chain` reads the launchpad's quote configs (null without a chain connection). */
export async function embeddedTokenSearch(ctx: ApiContext, q: string, limit: number, chain: QuoteConfigReader | null = null): Promise<TokensResponse> {
  const board = await boardAt(ctx.reads, Math.floor(ctx.now().getTime() / 1000));
  const listed = listedTokens(ctx.config);
  const [matches, solMicroUsd, holders, pairs] = await Promise.all([
    searchMatches(ctx.reads, board, q, MAX_COIN_CANDIDATES),
    priceAt(ctx.reads, 'SOL'),
    boardHolderCounts(ctx.reads, board, serviceWalletList(ctx.config.wallets)),
    pairStates(ctx, listed, chain),
  ]);
  const inputs = `${serialOf(matches)}|${serialOf(holders)}|${solMicroUsd}|${JSON.stringify(pairs.states)}`;
  const key = `token-search\n${serialOf(ctx.config)}\n${limit}|${q}`;
  const made = await ctx.reads.answer(key, { tables: [], variant: `${serialOf(board)}|${inputs}` }, async (before: MadeSearch | null) => {
    const rows = boardRowsOf(board, matches);
    const pending = rows.map((row) => figuresPending(row, board.nowSeconds));
    // A new board with the matched coins' rows the same objects, pending as they were: the same answer.
    const same = before?.inputs === inputs && sameItems(before.rows, rows) && sameItems(before.pending, pending);
    if (same) return before;
    return { inputs, rows, pending, answer: { tokens: rankedItems(ctx, q, limit, listed, pairs.states, rows, holders, board.nowSeconds, solMicroUsd) } };
  });
  return made.answer;
}

function rankedItems(
  ctx: ApiContext,
  q: string,
  limit: number,
  listed: readonly ListedToken[],
  pairs: readonly PairState[],
  rows: CoinRow[],
  holders: HolderCounts,
  nowSeconds: number,
  solMicroUsd: bigint | null,
): TokenItem[] {
  const stablecoin = ctx.config.mints.stablecoin;
  const ranked: Ranked[] = [];

  for (const [i, token] of listed.entries()) {
    const pair = pairs[i]!;
    const rank = matchRank(q, token.mint, token.symbol, token.name);
    if (rank === null || token.decimals === null) continue;
    ranked.push({
      rank,
      listed: true,
      item: {
        mint: token.mint,
        symbol: token.symbol,
        name: token.name,
        logoUrl: logoUrl(ctx.config.siteUrl, token.mint),
        description: null,
        verified: true,
        tags: [token.role],
        onService: { quote: pair.quote, basket: token.basket, addedAt: pair.addedAt },
        decimals: token.decimals,
        tokenProgram: 'spl',
        mintAuthority: null,
        freezeAuthority: null,
        priceUsd: quoteUsd(token.mint, stablecoin, solMicroUsd),
        marketCap: null,
        liquidityUsd: null,
        volume24h: null,
        holders: null,
        links: noLinks,
      },
    });
  }

  const listedMints = new Set(ranked.map((entry) => entry.item.mint));
  for (const row of rows) {
    const rank = matchRank(q, row.mint, row.symbol, row.name);
    if (rank === null || listedMints.has(row.mint)) continue;
    const count = holders.get(row.mint) ?? 0;
    const figures = coinFigures(row, count, nowSeconds);
    ranked.push({
      rank,
      listed: false,
      item: {
        mint: row.mint,
        symbol: labelSymbol(row.symbol),
        name: labelName(row.name),
        logoUrl: logoUrl(ctx.config.siteUrl, row.mint),
        description: null,
        verified: false,
        tags: ['coin', row.mode, ...(row.graduatedAt === null ? [] : ['graduated'])],
        onService: { quote: false, basket: false, addedAt: new Date(Number(row.createdAt) * 1000).toISOString().slice(0, 10) },
        decimals: Number(row.decimals),
        tokenProgram: row.tokenProgram,
        mintAuthority: null,
        freezeAuthority: null,
        ...usdValues(row, figures, stablecoin, solMicroUsd),
        liquidityUsd: null,
        holders: figures.holders,
        links: noLinks,
      },
    });
  }
  return ranked
    .sort(compareRanked)
    .slice(0, limit)
    .map((entry) => entry.item);
}
