// Read queries of the token search on the coins projection: the service's coins whose mint, symbol or name
// match a search text (newest first, a bounded number; kept per text until a coin launches), as rows of the coin
// board with what their figures come from.
import type { Olap } from '../../infra/olap/olap.js';
import { COINS_TABLE } from '../../projections/coins/table.js';
import { keptRead } from '../../projections/kept-reads.js';
import { allCoinFacts, coinBoard } from './coin-board.js';
import type { CoinRow } from './coin-sql.js';

/** Mints matching `q`, newest first, at most `max`. */
const searchMatches = keptRead(
  { name: 'token-search-matches', tables: [COINS_TABLE], max: 2_000 },
  (q: string, max: number) => `${max}|${q}`,
  async (olap: Olap, q: string, max: number): Promise<string[]> => {
    const rows = await olap.query<{ mint: string }>(
      `SELECT mint FROM ${COINS_TABLE} FINAL
       WHERE mint = {q:String} OR positionCaseInsensitiveUTF8(untrustedSymbol, {symbol:String}) > 0
         OR positionCaseInsensitiveUTF8(untrustedName, {q:String}) > 0
       ORDER BY launchTime DESC, mint LIMIT {max:UInt32}`,
      { q, symbol: q.replace(/^\$/, '') || q, max },
    );
    return rows.map((row) => row.mint);
  },
);

/** Coins matching `q`: mint equal, or symbol (a leading `$` of `q` dropped) or name containing it (case-insensitive); newest first. */
export async function searchCoinRows(olap: Olap, q: string, nowSeconds: number, max: number): Promise<CoinRow[]> {
  const mints = await searchMatches(olap, q, max);
  const rows = (await coinBoard(olap, nowSeconds)).rows;
  return mints.flatMap((mint) => rows.get(mint) ?? []);
}

/** Coin rows of the given mints. */
export { coinRowsOf } from './ideas.js';

/** The UTC launch day of each given mint that is one of the service's coins. */
export async function coinLaunchDays(olap: Olap, mints: string[]): Promise<Map<string, string>> {
  if (mints.length === 0) return new Map();
  const wanted = new Set(mints);
  const days = new Map<string, string>();
  for (const coin of await allCoinFacts(olap)) {
    if (wanted.has(coin.mint)) days.set(coin.mint, new Date(coin.launchMs).toISOString().slice(0, 10));
  }
  return days;
}
