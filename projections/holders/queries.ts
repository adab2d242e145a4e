// Holder queries over the balances and coins projections, for the health scorer (the API's holder reads answer
// from api/queries/holder-book.ts). A holder is an owner whose balance, summed over its token accounts (each at its
// latest version), is above zero, leaving out the coin's venues (its curve, its launch pool and its graduated,
// locked pool: their vaults are owned by those addresses) and the service's own wallets (spec 2.6).
import type { Olap } from '../../infra/olap/olap.js';
import { BALANCES_TABLE } from '../balances/table.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../coins/table.js';

/** What the holder rules need to know of a coin. */
export interface CoinHolderFacts {
  mint: string;
  mode: 'holder' | 'creator';
  creator: string;
  launchSlot: number;
  totalSupply: bigint;
  /** Curve, launch pool and graduated pool: never holders. */
  venues: string[];
}

/** Venues of `{mints:Array(String)}` (columns `mint`, `venues`); empty strings stand for absent ones. */
const VENUES_SQL = `
  SELECT c.mint AS mint, c.mode AS mode, c.creator AS creator, c.launchSlot AS launchSlot, c.totalSupply AS totalSupply,
    [ifNull(c.curve, ''), ifNull(c.pool, ''), ifNull(g.pool, '')] AS venues
  FROM ${COINS_TABLE} AS c FINAL
  LEFT JOIN (SELECT mint, pool FROM ${COIN_GRADUATIONS_TABLE} FINAL WHERE mint IN {mints:Array(String)}) AS g ON g.mint = c.mint
  WHERE c.mint IN {mints:Array(String)}
  SETTINGS join_use_nulls = 1`;

/** Holders of `{mints:Array(String)}` with their balances (columns `mint`, `owner`, `amount` UInt128), the
 * venues and `{service:Array(String)}` left out. */
export const HOLDER_BALANCES_SQL = `
  SELECT b.mint AS mint, b.owner AS owner, b.amount AS amount
  FROM (
    SELECT mint, owner, sum(balance) AS amount
    FROM ${BALANCES_TABLE} FINAL
    WHERE mint IN {mints:Array(String)}
    GROUP BY mint, owner
  ) AS b
  INNER JOIN (${VENUES_SQL}) AS v ON v.mint = b.mint
  WHERE b.amount > 0 AND NOT has(v.venues, b.owner) AND b.owner NOT IN {service:Array(String)}`;

/** The holder facts of each coin in `mints` that exists. */
export async function coinHolderFacts(olap: Olap, mints: readonly string[]): Promise<Map<string, CoinHolderFacts>> {
  if (mints.length === 0) return new Map();
  const rows = await olap.query<{
    mint: string;
    mode: 'holder' | 'creator';
    creator: string;
    launchSlot: string | number;
    totalSupply: string;
    venues: string[];
  }>(VENUES_SQL, { mints: [...mints] });
  return new Map(
    rows.map((row) => [
      row.mint,
      {
        mint: row.mint,
        mode: row.mode,
        creator: row.creator,
        launchSlot: Number(row.launchSlot),
        totalSupply: BigInt(row.totalSupply),
        venues: row.venues.filter((venue) => venue !== ''),
      },
    ]),
  );
}
