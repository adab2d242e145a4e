// Read queries of a wallet's rewards: the payouts it received, newest first, and the coins with payout rounds it
// ever held (the only coins it can be owed on: a share below the minimum needs a counted balance first).
import type { Olap } from '../../infra/olap/olap.js';
import { REWARD_ROUNDS_TABLE, REWARD_WALLET_MINTS_TABLE, REWARD_WALLET_PAYOUTS_TABLE } from './table.js';
import { cachedRead } from '../read-path.js';

export interface WalletPayout {
  coin: string;
  round: number;
  token: string;
  amount: string;
  signature: string;
  /** Block time, unix seconds. */
  time: number;
}

/** The wallet's latest `limit` payouts (of one coin when `coin` is set), newest first. */
export const walletPayouts = cachedRead(
  'walletPayouts',
  [REWARD_WALLET_PAYOUTS_TABLE],
  (wallet: string, coin: string | null, limit: number) => `${wallet}|${coin ?? ''}|${limit}`,
  readWalletPayouts,
);

async function readWalletPayouts(olap: Olap, wallet: string, coin: string | null, limit: number): Promise<WalletPayout[]> {
  const rows = await olap.query<{ coin: string; round: number; token: string; amount: string; signature: string; seconds: number }>(
    `SELECT mint AS coin, round, token, amount, signature, toUnixTimestamp(time) AS seconds
     FROM ${REWARD_WALLET_PAYOUTS_TABLE} FINAL
     WHERE wallet = {wallet:String} AND ({coin:Nullable(String)} IS NULL OR mint = {coin:Nullable(String)})
     ORDER BY time DESC, slot DESC, logOffset DESC, eventId DESC
     LIMIT {limit:UInt32}`,
    { wallet, coin, limit },
  );
  return rows.map(({ seconds, ...row }) => ({ ...row, round: Number(row.round), time: Number(seconds) }));
}

/** Coins that had a payout round and that the wallet held at some time (only `coin` when set). */
export const walletRoundCoins = cachedRead(
  'walletRoundCoins',
  [REWARD_WALLET_MINTS_TABLE, REWARD_ROUNDS_TABLE],
  (wallet: string, coin: string | null) => `${wallet}|${coin ?? ''}`,
  readWalletRoundCoins,
);

async function readWalletRoundCoins(olap: Olap, wallet: string, coin: string | null): Promise<string[]> {
  const rows = await olap.query<{ mint: string }>(
    `SELECT DISTINCT mint FROM ${REWARD_WALLET_MINTS_TABLE} FINAL
     WHERE owner = {wallet:String} AND ({coin:Nullable(String)} IS NULL OR mint = {coin:Nullable(String)})
       AND mint IN (SELECT DISTINCT mint FROM ${REWARD_ROUNDS_TABLE})
     ORDER BY mint`,
    { wallet, coin },
  );
  return rows.map((row) => row.mint);
}
