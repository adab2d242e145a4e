// Read queries of the token search on the coins projection: the service's coins whose mint, symbol or name
// match a search text (newest first, a bounded number; kept per text until a coin launches, the same array object
// meanwhile, never changed), as rows of the coin board with what their figures come from.
import { COINS_TABLE } from '../../projections/coins/table.js';
import type { ReadPath } from '../../projections/read-path.js';
import type { CoinBoard } from './coin-board.js';
import { allCoinFacts } from './coin-facts.js';
import type { CoinRow } from './coin-sql.js';

/** Mints matching `q`: mint equal, or symbol (a leading `$` of `q` dropped) or name containing it
 * (case-insensitive); newest first, at most `max`. */
export async function searchMatches(reads: ReadPath, q: string, max: number): Promise<readonly string[]> {
  return reads.answer(`token-search-matches\n${max}|${q}`, { tables: [COINS_TABLE] }, async () => {
    const rows = await reads.olap.query<{ mint: string }>(
      `SELECT mint FROM ${COINS_TABLE} FINAL
       WHERE mint = {q:String} OR positionCaseInsensitiveUTF8(untrustedSymbol, {symbol:String}) > 0
         OR positionCaseInsensitiveUTF8(untrustedName, {q:String}) > 0
       ORDER BY launchTime DESC, mint LIMIT {max:UInt32}`,
      { q, symbol: q.replace(/^\$/, '') || q, max },
    );
    return rows.map((row) => row.mint);
  });
}

/** The board's rows of `mints`, in their order. */
export function boardRowsOf(board: CoinBoard, mints: readonly string[]): CoinRow[] {
  return mints.flatMap((mint) => board.rows.get(mint) ?? []);
}

/** The UTC launch day of each given mint that is one of the service's coins. */
export async function coinLaunchDays(reads: ReadPath, mints: string[]): Promise<Map<string, string>> {
  if (mints.length === 0) return new Map();
  const wanted = new Set(mints);
  const days = new Map<string, string>();
  for (const coin of await allCoinFacts(reads)) {
    if (wanted.has(coin.mint)) days.set(coin.mint, new Date(coin.launchMs).toISOString().slice(0, 10));
  }
  return days;
}
