// What the rewards reads and the owed projector need to know of a coin (its mode, quote and venues), with its read;
// and the statements of the wallet rewards read (spec 2.9), each a range of a table keyed by wallet: its payouts
// newest first (wallet_payouts), and what it is owed on each coin after the coin's latest round, in the coin's quote
// token (wallet_owed, written by owed-projector.ts). FINAL: one row per payout event and per (wallet, coin).
import type { Olap } from '../../infra/olap/olap.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../coins/table.js';
import { WALLET_OWED_TABLE, WALLET_PAYOUTS_TABLE } from './table.js';

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

/** The wallet's latest `limit` payouts (of `coin` only, when named), newest first: time, slot, log offset, event id;
 * `time` in unix seconds. */
export function walletPayouts(olap: Olap, wallet: string, coin: string | null, limit: number) {
  return olap.query<{ coin: string; round: number; token: string; amount: string; signature: string; time: number }>(
    `SELECT mint AS coin, round, token, toString(amount) AS amount, signature, toUnixTimestamp(time) AS time
     FROM ${WALLET_PAYOUTS_TABLE} FINAL WHERE wallet = {wallet:String} AND ({coin:String} = '' OR mint = {coin:String})
     ORDER BY time DESC, slot DESC, logOffset DESC, eventId DESC LIMIT {limit:UInt32}`,
    { wallet, coin: coin ?? '', limit },
  );
}

/** What the wallet is owed after each coin's latest round (of `coin` only, when named), by coin, at most `limit`.
 * The filter names the column with its table: unqualified, `amount` would be the text alias. */
export function walletOwed(olap: Olap, wallet: string, coin: string | null, limit: number) {
  return olap.query<{ coin: string; token: string; amount: string; round: number }>(
    `SELECT mint AS coin, quoteMint AS token, toString(amount) AS amount, round
     FROM ${WALLET_OWED_TABLE} FINAL
     WHERE wallet = {wallet:String} AND ${WALLET_OWED_TABLE}.amount > 0 AND ({coin:String} = '' OR mint = {coin:String})
     ORDER BY mint LIMIT {limit:UInt32}`,
    { wallet, coin: coin ?? '', limit },
  );
}
