// Statements of the wallet rewards read (spec 2.9): a wallet's payouts newest first, from the payouts keyed by
// wallet (a range of wallet_payouts), and what it is owed on each coin after the coin's latest round (reward_owed,
// written by owed-projector.ts), in the coin's quote token. FINAL: one row per payout event and per (coin, round,
// wallet).
import type { Olap } from '../../infra/olap/olap.js';
import { COINS_TABLE } from '../coins/table.js';
import { REWARD_OWED_TABLE, WALLET_PAYOUTS_TABLE } from './table.js';

export interface WalletPayout {
  coin: string;
  round: number;
  token: string;
  amount: string;
  signature: string;
  /** Block time, unix seconds. */
  time: number;
}

export interface WalletOwed {
  coin: string;
  token: string;
  amount: string;
  round: number;
}

/** The wallet's latest `limit` payouts (of `coin` only, when named), newest first: time, slot, log offset, event id. */
export async function walletPayouts(olap: Olap, wallet: string, coin: string | null, limit: number): Promise<WalletPayout[]> {
  const rows = await olap.query<WalletPayout>(
    `SELECT mint AS coin, round, token, toString(amount) AS amount, signature, toUnixTimestamp(time) AS time
     FROM ${WALLET_PAYOUTS_TABLE} FINAL WHERE wallet = {wallet:String} AND ({coin:String} = '' OR mint = {coin:String})
     ORDER BY time DESC, slot DESC, logOffset DESC, eventId DESC LIMIT {limit:UInt32}`,
    { wallet, coin: coin ?? '', limit },
  );
  return rows.map((row) => ({ ...row, round: Number(row.round), time: Number(row.time) }));
}

/** What the wallet is owed after each coin's latest round (of `coin` only, when named), by coin, at most `limit`. */
export async function walletOwed(olap: Olap, wallet: string, coin: string | null, limit: number): Promise<WalletOwed[]> {
  const rows = await olap.query<WalletOwed>(
    `SELECT o.mint AS coin, c.quoteMint AS token, toString(o.amount) AS amount, o.round AS round
     FROM ${REWARD_OWED_TABLE} AS o FINAL
     JOIN (SELECT mint, quoteMint FROM ${COINS_TABLE} FINAL) AS c ON c.mint = o.mint
     WHERE o.wallet = {wallet:String} AND o.amount > 0 AND ({coin:String} = '' OR o.mint = {coin:String})
       AND (o.mint, o.round) IN (SELECT mint, max(round) FROM ${REWARD_OWED_TABLE} GROUP BY mint)
     ORDER BY o.mint LIMIT {limit:UInt32}`,
    { wallet, coin: coin ?? '', limit },
  );
  return rows.map((row) => ({ ...row, round: Number(row.round) }));
}
