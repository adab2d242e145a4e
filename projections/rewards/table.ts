// Tables of the `rewards` read model: holder payout rounds (payout.round), every payout sent (payout.sent) and the
// holders' share of each fee claim (fees.claimed, what a coin's pot takes in); and of the `reward-owed` read model,
// what each holder is owed after each round, and again by wallet after each coin's latest round (owed-projector.ts).
//
// Every table is a ReplacingMergeTree whose sorting key ends in the event id and whose other key parts come
// from the event itself, so a replayed event rewrites an identical row and FINAL keeps one. `logOffset`
// (position in the log partition of the coin) orders a coin's events within a slot and is not part of a key.
import type { TableDef } from '../projector.js';

export const REWARD_ROUNDS_TABLE = 'reward_rounds';
export const REWARD_PAYOUTS_TABLE = 'reward_payouts';
export const REWARD_POT_INCOME_TABLE = 'reward_pot_income';
export const REWARD_OWED_TABLE = 'reward_owed';
/** reward_payouts again, keyed by wallet first: what the wallet rewards read ranges over. */
export const WALLET_PAYOUTS_TABLE = 'wallet_payouts';
/** What each wallet is owed on each coin after the coin's latest round, keyed by wallet: the wallet rewards' owed. */
export const WALLET_OWED_TABLE = 'wallet_owed';

export type RewardRoundRow = {
  mint: string;
  round: number;
  eventId: string;
  signature: string;
  slot: number;
  time: string;
  logOffset: bigint;
  snapshotSlot: number;
  baselineSlot: number | null;
  holdersCounted: number;
  /** Quote raw units the round took from the pot (the paid shares). */
  potSpent: string;
  paidIn: 'pair' | 'basket';
  /** What the pot bought, one entry per token, in the event's order. */
  tokenMints: string[];
  tokenBought: string[];
  /** Raw quote units each token cost. */
  tokenCost: string[];
};

/** One payout sent. */
export type RewardPayoutRow = {
  mint: string;
  round: number;
  wallet: string;
  token: string;
  amount: string;
  eventId: string;
  signature: string;
  slot: number;
  time: string;
  logOffset: bigint;
};

export type PotIncomeRow = {
  mint: string;
  eventId: string;
  slot: number;
  time: string;
  logOffset: bigint;
  quoteMint: string;
  /** The holders' share of the claim, raw quote units. */
  amount: string;
};

export const rewardRoundsTable: TableDef = {
  name: REWARD_ROUNDS_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${REWARD_ROUNDS_TABLE} (
  mint String, round UInt32, eventId String, signature String, slot UInt64, time DateTime64(3, 'UTC'), logOffset UInt64,
  snapshotSlot UInt64, baselineSlot Nullable(UInt64), holdersCounted UInt32, potSpent UInt128, paidIn LowCardinality(String),
  tokenMints Array(String), tokenBought Array(UInt128), tokenCost Array(UInt128)
) ENGINE = ReplacingMergeTree ORDER BY (mint, round, eventId)`,
};

export const rewardPayoutsTable: TableDef = {
  name: REWARD_PAYOUTS_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${REWARD_PAYOUTS_TABLE} (
  mint String, round UInt32, wallet String, token String, amount UInt128, eventId String,
  signature String, slot UInt64, time DateTime64(3, 'UTC'), logOffset UInt64
) ENGINE = ReplacingMergeTree ORDER BY (mint, round, eventId)`,
};

export const walletPayoutsTable: TableDef = {
  name: WALLET_PAYOUTS_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${WALLET_PAYOUTS_TABLE} (
  mint String, round UInt32, wallet String, token String, amount UInt128, eventId String,
  signature String, slot UInt64, time DateTime64(3, 'UTC'), logOffset UInt64
) ENGINE = ReplacingMergeTree ORDER BY (wallet, time, slot, eventId)`,
};

export const rewardPotIncomeTable: TableDef = {
  name: REWARD_POT_INCOME_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${REWARD_POT_INCOME_TABLE} (
  mint String, eventId String, slot UInt64, time DateTime64(3, 'UTC'), logOffset UInt64, quoteMint String, amount UInt128
) ENGINE = ReplacingMergeTree ORDER BY (mint, eventId)`,
};

/** What a wallet is owed on a coin after a round; every round derived has a row of wallet '' (amount 0), so a round
 * that leaves nobody owed is known too. */
export type OwedRow = {
  mint: string;
  round: number;
  wallet: string;
  amount: string;
};

export const rewardOwedTable: TableDef = {
  name: REWARD_OWED_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${REWARD_OWED_TABLE} (
  mint String, round UInt32, wallet String, amount UInt128
) ENGINE = ReplacingMergeTree ORDER BY (mint, round, wallet)`,
};

/** What a wallet is owed on a coin after the coin's latest round derived (`round`), in its quote token; 0 once a later
 * round leaves it owed nothing. */
export type WalletOwedRow = {
  wallet: string;
  mint: string;
  round: number;
  quoteMint: string;
  amount: string;
};

/** ReplacingMergeTree(round): a later round's row replaces the wallet's row of the coin, a replay writes the same. */
export const walletOwedTable: TableDef = {
  name: WALLET_OWED_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${WALLET_OWED_TABLE} (
  wallet String, mint String, round UInt32, quoteMint String, amount UInt128
) ENGINE = ReplacingMergeTree(round) ORDER BY (wallet, mint)`,
};
