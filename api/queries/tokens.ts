// Read queries of the token search on the coins projection: the service's coins whose mint, symbol or name
// match a search text (newest first, a bounded number), as coin rows with what their figures come from.
import type { Olap } from '../../infra/olap/olap.js';
import { COINS_TABLE } from '../../projections/coins/table.js';
import { COIN_COLUMNS, fromCoins, WITH_CLOCK, type CoinRow } from './coin-sql.js';

/** Coins matching `q`: mint equal, or symbol (a leading `$` of `q` dropped) or name containing it (case-insensitive); newest first. */
export async function searchCoinRows(olap: Olap, q: string, nowSeconds: number, max: number): Promise<CoinRow[]> {
  const matching = `SELECT mint FROM ${COINS_TABLE} FINAL
    WHERE mint = {q:String} OR positionCaseInsensitiveUTF8(untrustedSymbol, {symbol:String}) > 0
      OR positionCaseInsensitiveUTF8(untrustedName, {q:String}) > 0
    ORDER BY launchTime DESC, mint LIMIT {max:UInt32}`;
  const sql = `${WITH_CLOCK}
    SELECT ${COIN_COLUMNS} ${fromCoins(`AND mint IN (${matching})`)}
    WHERE c.mint IN (${matching})
    SETTINGS join_use_nulls = 1`;
  return olap.query<CoinRow>(sql, { now: nowSeconds, q, symbol: q.replace(/^\$/, '') || q, max });
}

/** Coin rows of the given mints. */
export { coinRowsOf } from './ideas.js';

/** The UTC launch day of each given mint that is one of the service's coins. */
export async function coinLaunchDays(olap: Olap, mints: string[]): Promise<Map<string, string>> {
  if (mints.length === 0) return new Map();
  const rows = await olap.query<{ mint: string; day: string }>(
    `SELECT mint, toString(toDate(launchTime)) AS day FROM ${COINS_TABLE} FINAL WHERE mint IN {mints:Array(String)}`,
    { mints },
  );
  return new Map(rows.map((row) => [row.mint, row.day]));
}
