// The service's own token search: its listed tokens (api/tokens/listed-tokens.ts) and its coins (the coin board:
// api/views/coin-board.ts), matched and ranked here. Rank: mint equal, then symbol equal, symbol starting with the
// text, name starting with it, a word of the name starting with it, then either containing it; within a rank the
// listed tokens first, then higher market cap in dollars (unknown last), then mint. A listed token's
// `onService.quote` and `addedAt` follow api/tokens/pair-states.ts, as `GET /token-quotes` does; `basket` is the
// configuration's (no chain fact lists basket tokens).
import type { TokenItem, TokensResponse } from '../../schemas/api/tokens.js';
import type { ApiContext } from '../deps.js';
import { coinFigures } from '../figures.js';
import { searchedText, type BoardRow, type SearchedText } from '../views/coin-board.js';
import { labelName, labelSymbol } from './label-rule.js';
import { listedTokens, type ListedToken } from './listed-tokens.js';
import type { PairState } from './pair-states.js';
import { logoUrl } from './token-logo.js';
import { quoteUsd, usdValues } from './token-values.js';

/** Coins looked at for one search, newest first; more matches than this rank among the newest. */
const MAX_COIN_CANDIDATES = 200;

/** The rank of a match (lower is better), or null when the text does not match. */
export function matchRank(q: string, mint: string, searched: SearchedText): number | null {
  if (mint === q) return 0;
  const text = q.trim().toLowerCase();
  const bare = text.replace(/^\$/, '');
  const { bareSymbol: sym, name, words } = searched;
  if (bare.length > 0 && sym === bare) return 1;
  if (bare.length > 0 && sym.startsWith(bare)) return 2;
  if (name.startsWith(text)) return 3;
  if (words.some((word) => word.startsWith(text))) return 4;
  if ((bare.length > 0 && sym.includes(bare)) || name.includes(text)) return 5;
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

/** The service's own answer, with the listed tokens' pair states (in `listedTokens` order). */
export function embeddedTokenSearch(ctx: ApiContext, q: string, limit: number, pairs: readonly PairState[]): TokensResponse {
  const nowSeconds = Math.floor(ctx.now().getTime() / 1000);
  const board = ctx.views.board.at(nowSeconds);
  const listed = listedTokens(ctx.config);
  const rows = [...board.rows.values()]
    .filter((row) => matchRank(q, row.mint, ctx.views.board.searchedOf(row.mint)!) !== null)
    .sort((a, b) => b.launchMs - a.launchMs || (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0))
    .slice(0, MAX_COIN_CANDIDATES);
  return { tokens: rankedItems(ctx, q, limit, listed, pairs, rows, nowSeconds, board.solMicroUsd) };
}

function rankedItems(
  ctx: ApiContext,
  q: string,
  limit: number,
  listed: readonly ListedToken[],
  pairs: readonly PairState[],
  rows: BoardRow[],
  nowSeconds: number,
  solMicroUsd: bigint | null,
): TokenItem[] {
  const stablecoin = ctx.config.mints.stablecoin;
  const ranked: Ranked[] = [];

  for (const [i, token] of listed.entries()) {
    const pair = pairs[i]!;
    const rank = matchRank(q, token.mint, searchedText(token.symbol, token.name));
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
    const rank = matchRank(q, row.mint, ctx.views.board.searchedOf(row.mint)!);
    if (rank === null || listedMints.has(row.mint)) continue;
    const figures = coinFigures(row, nowSeconds, () => null);
    ranked.push({
      rank,
      listed: false,
      item: {
        mint: row.mint,
        symbol: labelSymbol(row.untrustedSymbol),
        name: labelName(row.untrustedName),
        logoUrl: logoUrl(ctx.config.siteUrl, row.mint),
        description: null,
        verified: false,
        tags: ['coin', row.mode, ...(row.graduatedAt === null ? [] : ['graduated'])],
        onService: { quote: false, basket: false, addedAt: new Date(row.createdAt * 1000).toISOString().slice(0, 10) },
        decimals: row.decimals,
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
