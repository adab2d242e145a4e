// Read queries of the coin routes: coin rows with what their figures are computed from (the list with
// filters, sorts and paging; one coin by mint; whether a mint is a coin).
import type { Olap } from '../../infra/olap/olap.js';
import { COINS_TABLE } from '../../projections/coins/table.js';
import { lamportsOf } from '../../projections/prices/sol-value.js';
import { PRICES_TABLE } from '../../projections/prices/table.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import type { CoinListQuery } from '../../schemas/api/coins.js';
import { COIN_COLUMNS, fromCoins, WITH_CLOCK, type CoinRow } from './coin-sql.js';
import { keptAnswer } from '../../projections/kept-reads.js';

export type { CoinRow } from './coin-sql.js';

/** A raw quote-unit amount in lamports, so that coins paired with different quote tokens rank together: SOL as
 * is, the dollar stablecoin at the latest SOL price; null for another quote token or without a SOL price. */
const inLamports = (amount: string) => lamportsOf(amount, 'c.quoteMint', { price: 'sol_micro_usd', decimals: 'c.quoteDecimals' });

/** Latest SOL price in micro-USD; 0 before the first. */
const SOL_PRICE = `(SELECT argMax(microUsd, (time, slot)) FROM ${PRICES_TABLE} FINAL WHERE asset = 'SOL') AS sol_micro_usd`;

/** Sort keys; coins still pending or without figures (or a lamport value) sort last for the figure sorts. */
const ORDER_BY: Record<CoinListQuery['sort'], string> = {
  newest: 'c.launchTime DESC, c.launchSlot DESC, c.mint ASC',
  volume: `if(c.launchTime > pending_after, NULL, ${inLamports('ifNull(w.volume, 0)')}) DESC NULLS LAST, c.launchTime DESC, c.mint ASC`,
  marketCap: `if(c.launchTime > pending_after, NULL, ${inLamports('market_cap')}) DESC NULLS LAST, c.launchTime DESC, c.mint ASC`,
};

/** One page of coins, filtered and sorted: `limit` rows at most from `offset`. */
export async function listCoinRows(olap: Olap, query: CoinListQuery, nowSeconds: number, stablecoinMint: string): Promise<CoinRow[]> {
  const filters = ['1'];
  if (query.mode !== 'any') filters.push('c.mode = {mode:String}');
  if (query.graduated !== 'any') filters.push(`g.mint IS ${query.graduated === 'true' ? 'NOT ' : ''}NULL`);
  if (query.q !== undefined) {
    filters.push(
      '(c.mint = {q:String} OR lowerUTF8(c.untrustedSymbol) = lowerUTF8({symbol:String}) OR positionCaseInsensitiveUTF8(c.untrustedName, {q:String}) > 0)',
    );
  }
  const sql = `${WITH_CLOCK}, ${SOL_PRICE}
    SELECT ${COIN_COLUMNS} ${fromCoins('')}
    WHERE ${filters.join(' AND ')}
    ORDER BY ${ORDER_BY[query.sort]}
    LIMIT {limit:UInt32} OFFSET {offset:UInt64}
    SETTINGS join_use_nulls = 1`;
  return olap.query<CoinRow>(sql, {
    now: nowSeconds,
    mode: query.mode,
    q: query.q ?? '',
    symbol: (query.q ?? '').replace(/^\$/, ''),
    limit: query.limit,
    offset: query.offset,
    solMint: NATIVE_MINT_ID,
    stablecoinMint,
  });
}

/** The coin with this mint, or null. */
export async function getCoinRow(olap: Olap, mint: string, nowSeconds: number): Promise<CoinRow | null> {
  const sql = `${WITH_CLOCK}
    SELECT ${COIN_COLUMNS} ${fromCoins('AND mint = {mint:String}')}
    WHERE c.mint = {mint:String}
    LIMIT 1
    SETTINGS join_use_nulls = 1`;
  const rows = await olap.query<CoinRow>(sql, { now: nowSeconds, mint });
  return rows[0] ?? null;
}

/** Every coin's decimals by mint, kept while the coins table is unchanged: whether a mint is a coin is asked by
 * most per-coin reads, and the table changes only when a coin launches. */
const COIN_INDEX = { name: 'coin-index', tables: [COINS_TABLE], max: 1 };

function coinIndex(olap: Olap): Promise<Map<string, { decimals: number }>> {
  return keptAnswer(olap, COIN_INDEX, '', async () => {
    const rows = await olap.query<{ mint: string; decimals: number }>(`SELECT mint, decimals FROM ${COINS_TABLE} FINAL`);
    return new Map(rows.map((row) => [row.mint, { decimals: Number(row.decimals) }]));
  });
}

/** A coin's decimals, or null when there is no such coin. */
export async function findCoin(olap: Olap, mint: string): Promise<{ decimals: number } | null> {
  return (await coinIndex(olap)).get(mint) ?? null;
}
