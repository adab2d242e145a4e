// Read queries of the token search on the coins projection: the coin board's rows of the coins a search text
// matched (text-matches.ts), and the launch days of the coins an aggregator named.
import type { ReadPath } from '../../projections/read-path.js';
import type { CoinBoard } from './coin-board.js';
import { allCoinFacts } from './coin-facts.js';
import type { CoinRow } from './coin-sql.js';

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
