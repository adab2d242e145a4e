// Read queries of the coin routes, answered from the coin board (coin-board.ts): the list with filters, sorts and
// paging; one coin by mint; whether a mint is a coin. The coins a text search matches come from text-matches.ts.
import { COINS_TABLE } from '../../projections/coins/table.js';
import type { ReadPath } from '../../projections/read-path.js';
import { priceAt } from '../../projections/prices/queries.js';
import type { CoinListQuery } from '../../schemas/api/coins.js';
import type { PriceDecimals } from '../../schemas/api/price.js';
import { sortedRows, type BoardRow, type CoinBoard } from './coin-board.js';

/** What a page of the list is chosen from besides its query. */
export interface ListInputs {
  board: CoinBoard;
  /** The latest SOL price in micro-USD (0 without one): stablecoin coins are valued by it for the volume and
   * market cap sorts. */
  solMicroUsd: bigint;
  /** The coins `q` matches; null without `q`. */
  matches: ReadonlySet<string> | null;
  stablecoinMint: string;
}

/** The list's rows from `offset`, `limit` at most, filtered and sorted. */
export function pageRows(inputs: ListInputs, query: CoinListQuery): BoardRow[] {
  const graduated = query.graduated === 'any' ? null : query.graduated === 'true';
  const { matches } = inputs;
  const page: BoardRow[] = [];
  let skipped = 0;
  for (const row of sortedRows(inputs.board, query.sort, inputs.stablecoinMint, inputs.solMicroUsd)) {
    if (query.mode !== 'any' && row.mode !== query.mode) continue;
    if (graduated !== null && (row.graduatedAt !== null) !== graduated) continue;
    if (matches !== null && !matches.has(row.mint)) continue;
    if (skipped < query.offset) {
      skipped += 1;
      continue;
    }
    page.push(row);
    if (page.length >= query.limit) break;
  }
  return page;
}

/** The SOL price the list values stablecoin coins at for `sort` (none needed for newest first). */
export async function listSolPrice(reads: ReadPath, sort: CoinListQuery['sort']): Promise<bigint> {
  return sort === 'newest' ? 0n : ((await priceAt(reads, 'SOL')) ?? 0n);
}

/** Every coin's decimals and its quote token's (what its prices are written with, schemas/api/price.ts) by mint,
 * kept while the coins table is unchanged: whether a mint is a coin is asked by most per-coin reads, and the table
 * changes only when a coin launches. */
export async function coinIndex(reads: ReadPath): Promise<Map<string, PriceDecimals>> {
  return reads.answer('coin-index', { tables: [COINS_TABLE] }, async () => {
    const rows = await reads.olap.query<{ mint: string; decimals: number; quoteDecimals: number }>(
      `SELECT mint, decimals, quoteDecimals FROM ${COINS_TABLE} FINAL`,
    );
    return new Map(rows.map((row) => [row.mint, { decimals: Number(row.decimals), quoteDecimals: Number(row.quoteDecimals) }]));
  });
}

/** A coin's decimals and its quote token's, or null when there is no such coin. */
export async function findCoin(reads: ReadPath, mint: string): Promise<PriceDecimals | null> {
  return (await coinIndex(reads)).get(mint) ?? null;
}
