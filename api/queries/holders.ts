// Holder counts of coins from the balances projection (projections/balances): owners whose balance, summed
// over their token accounts (each at its latest version), is above zero, leaving out the coin's curve and
// pools (their vaults are owned by the curve or pool address) and the service's own wallets (spec 2.6).
import type { Olap } from '../../infra/olap/olap.js';
import { BALANCES_TABLE } from '../../projections/balances/table.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../../projections/coins/table.js';

/** Holder count per mint; mints without holders are absent. */
export async function holderCounts(olap: Olap, mints: readonly string[], serviceWallets: readonly string[]): Promise<Map<string, number>> {
  if (mints.length === 0) return new Map();
  const sql = `
    SELECT b.mint AS mint, toUInt32(uniqExact(b.owner)) AS holders
    FROM (
      SELECT mint, owner, sum(balance) AS amount
      FROM ${BALANCES_TABLE} FINAL
      WHERE mint IN {mints:Array(String)}
      GROUP BY mint, owner
    ) AS b
    INNER JOIN (
      SELECT c.mint AS mint, [ifNull(c.curve, ''), ifNull(c.pool, ''), ifNull(g.pool, '')] AS venues
      FROM ${COINS_TABLE} AS c FINAL
      LEFT JOIN (SELECT mint, pool FROM ${COIN_GRADUATIONS_TABLE} FINAL WHERE mint IN {mints:Array(String)}) AS g ON g.mint = c.mint
      WHERE c.mint IN {mints:Array(String)}
      SETTINGS join_use_nulls = 1
    ) AS c ON c.mint = b.mint
    WHERE b.amount > 0 AND NOT has(c.venues, b.owner) AND b.owner NOT IN {service:Array(String)}
    GROUP BY b.mint`;
  const rows = await olap.query<{ mint: string; holders: number }>(sql, { mints: [...mints], service: [...serviceWallets] });
  return new Map(rows.map((row) => [row.mint, Number(row.holders)]));
}
