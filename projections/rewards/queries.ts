// What the rewards reads and the owed projector need to know of a coin (its mode, quote and venues), with its read.
import type { Olap } from '../../infra/olap/olap.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../coins/table.js';

export interface RewardCoin {
  mint: string;
  mode: 'holder' | 'creator';
  quoteMint: string;
  quoteDecimals: number;
  /** The coin's curve, launch pool and graduated pool (whichever exist): never counted as holders. */
  venues: string[];
  name: string;
  symbol: string;
  /** Launch time, unix seconds. */
  createdAt: number;
}

/** The reward facts of the coins in `mints`. */
export function readRewardCoins(olap: Olap, mints: readonly string[]): Promise<RewardCoin[]> {
  return olap.query<RewardCoin>(
    `SELECT c.mint AS mint, c.mode AS mode, c.quoteMint AS quoteMint, c.quoteDecimals AS quoteDecimals,
       arrayFilter(v -> ifNull(v, '') != '', [c.curve, c.pool, g.pool]) AS venues,
       c.untrustedName AS name, c.untrustedSymbol AS symbol, toUnixTimestamp(c.launchTime) AS createdAt
     FROM ${COINS_TABLE} AS c FINAL
     LEFT JOIN (SELECT mint, pool FROM ${COIN_GRADUATIONS_TABLE} FINAL) AS g ON g.mint = c.mint
     WHERE c.mint IN {mints:Array(String)} SETTINGS join_use_nulls = 1`,
    { mints: [...mints] },
  );
}
