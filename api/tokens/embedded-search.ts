// The service's own token search: its listed tokens (api/tokens/listed-tokens.ts) and its coins (coins
// projection), matched and ranked here. Rank: mint equal, then symbol equal, symbol starting with the text,
// name starting with it, a word of the name starting with it, then either containing it; within a rank the
// listed tokens first, then higher market cap in dollars (unknown last), then mint.
import type { TokenItem } from '../../schemas/api/tokens.js';
import { priceAt } from '../../projections/prices/queries.js';
import type { ApiContext } from '../deps.js';
import { holderCounts } from '../queries/holders.js';
import { searchCoinRows } from '../queries/tokens.js';
import { labelName, labelSymbol } from './label-rule.js';
import { listedTokens } from './listed-tokens.js';
import { logoPath } from './token-logo.js';
import { coinFigures } from '../figures.js';
import { quoteUsd, usdValues } from './token-values.js';

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

export async function embeddedTokenSearch(ctx: ApiContext, q: string, limit: number): Promise<TokenItem[]> {
  const nowSeconds = Math.floor(ctx.now().getTime() / 1000);
  const stablecoin = ctx.config.mints.stablecoin;
  const [rows, solMicroUsd] = await Promise.all([searchCoinRows(ctx.olap, q, nowSeconds, MAX_COIN_CANDIDATES), priceAt(ctx.olap, 'SOL')]);
  const holders = await holderCounts(ctx.olap, rows.map((row) => row.mint), Object.values(ctx.config.wallets));
  const ranked: Ranked[] = [];

  for (const token of listedTokens(ctx.config)) {
    const rank = matchRank(q, token.mint, token.symbol, token.name);
    if (rank === null || token.decimals === null) continue;
    ranked.push({
      rank,
      listed: true,
      item: {
        mint: token.mint,
        symbol: token.symbol,
        name: token.name,
        logoUrl: logoPath(token.mint),
        description: null,
        verified: true,
        tags: [token.role],
        onService: { quote: token.quote, basket: token.basket, addedAt: null },
        decimals: token.decimals,
        tokenProgram: 'spl',
        mintAuthority: null,
        freezeAuthority: null,
        priceUsd: token.quote ? quoteUsd(token.mint, stablecoin, solMicroUsd) : null,
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
        logoUrl: logoPath(row.mint),
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
  return ranked.sort(compareRanked).slice(0, limit).map((entry) => entry.item);
}
