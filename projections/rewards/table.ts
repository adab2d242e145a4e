// Tables of the `rewards` read model: holder payout rounds (payout.round), every payout sent (payout.sent) and the
// holders' share of each fee claim (fees.claimed, what a coin's pot takes in); and of the `reward-owed` read model,
// what each holder is owed after each round, and again by wallet after each coin's latest round (owed-projector.ts).
// Each is declared once, its columns giving the DDL, the rows its writer builds and the rows a reader gets back.
//
// Every table but wallet_owed is a ReplacingMergeTree whose sorting key ends in the event id (reward_owed: the
// wallet) and whose other key parts come from the event itself, so a replayed event rewrites an identical row and
// FINAL keeps one. `logOffset` (position in the log partition of the coin) orders a coin's events within a slot and
// is not part of a key.
import type { TableDef } from '../projector.js';

/** What a writer gives of each column type; a reader gets 64-bit and wider integers back as decimal strings. */
type Written = { String: string; 'LowCardinality(String)': string; UInt32: number; UInt64: number | bigint; UInt128: string; "DateTime64(3, 'UTC')": string };
type Stored = Omit<Written, 'UInt64'> & { UInt64: string };
type Value<T, V> = T extends `Nullable(${infer E})` ? Value<E, V> | null : T extends `Array(${infer E})` ? Value<E, V>[] : T extends keyof V ? V[T] : never;
type Columns = Record<string, keyof Written | `Nullable(${keyof Written})` | `Array(${keyof Written})`>;
/** A row of `T` as its writer builds it. */
export type Row<T extends { columns: Columns }> = { [K in keyof T['columns']]: Value<T['columns'][K], Written> };
/** A row of `T` as a reader gets it back. */
export type StoredRow<T extends { columns: Columns }> = { [K in keyof T['columns']]: Value<T['columns'][K], Stored> };

function table<const C extends Columns>(name: string, columns: C, engine: string): TableDef & { columns: C } {
  const list = Object.entries(columns).map(([column, type]) => `${column} ${type}`);
  return { name, columns, ddl: `CREATE TABLE IF NOT EXISTS ${name} (${list.join(', ')}) ENGINE = ${engine}` };
}

export const REWARD_ROUNDS_TABLE = 'reward_rounds';
export const REWARD_PAYOUTS_TABLE = 'reward_payouts';
export const REWARD_POT_INCOME_TABLE = 'reward_pot_income';
export const REWARD_OWED_TABLE = 'reward_owed';
/** reward_payouts again, keyed by wallet first: what the wallet rewards read ranges over. */
export const WALLET_PAYOUTS_TABLE = 'wallet_payouts';
/** What each wallet is owed on each coin after the coin's latest round, keyed by wallet: the wallet rewards' owed. */
export const WALLET_OWED_TABLE = 'wallet_owed';

const TIME = "DateTime64(3, 'UTC')";
/** Where the row's event sits in the log, as eventPosition (projector.ts) gives it. */
const EVENT_AT = { eventId: 'String', signature: 'String', slot: 'UInt64', time: TIME, logOffset: 'UInt64' } as const;

export const rewardRoundsTable = table(
  REWARD_ROUNDS_TABLE,
  {
    mint: 'String',
    round: 'UInt32',
    ...EVENT_AT,
    snapshotSlot: 'UInt64',
    baselineSlot: 'Nullable(UInt64)',
    holdersCounted: 'UInt32',
    /** Quote raw units the round took from the pot (the paid shares). */
    potSpent: 'UInt128',
    paidIn: 'LowCardinality(String)',
    /** What the pot bought, one entry per token, in the event's order. */
    tokenMints: 'Array(String)',
    tokenBought: 'Array(UInt128)',
    /** Raw quote units each token cost. */
    tokenCost: 'Array(UInt128)',
  },
  'ReplacingMergeTree ORDER BY (mint, round, eventId)',
);

/** One payout sent. */
const PAYOUT = {
  mint: 'String',
  round: 'UInt32',
  wallet: 'String',
  token: 'String',
  amount: 'UInt128',
  ...EVENT_AT,
} as const;
export const rewardPayoutsTable = table(REWARD_PAYOUTS_TABLE, PAYOUT, 'ReplacingMergeTree ORDER BY (mint, round, eventId)');
export const walletPayoutsTable = table(WALLET_PAYOUTS_TABLE, PAYOUT, 'ReplacingMergeTree ORDER BY (wallet, time, slot, eventId)');

export const rewardPotIncomeTable = table(
  REWARD_POT_INCOME_TABLE,
  /** amount: the holders' share of the claim, raw quote units. */
  { mint: 'String', eventId: 'String', slot: 'UInt64', time: TIME, logOffset: 'UInt64', quoteMint: 'String', amount: 'UInt128' },
  'ReplacingMergeTree ORDER BY (mint, eventId)',
);

/** What a wallet is owed on a coin after a round; every round derived has a row of wallet '' (amount 0), so a round
 * that leaves nobody owed is known too. */
export const rewardOwedTable = table(
  REWARD_OWED_TABLE,
  { mint: 'String', round: 'UInt32', wallet: 'String', amount: 'UInt128' },
  'ReplacingMergeTree ORDER BY (mint, round, wallet)',
);

/** What a wallet is owed on a coin after the coin's latest round derived (`round`), in its quote token; 0 once a later
 * round leaves it owed nothing. ReplacingMergeTree(round): a later round's row replaces the wallet's row of the coin,
 * a replay writes the same. */
export const walletOwedTable = table(
  WALLET_OWED_TABLE,
  { wallet: 'String', mint: 'String', round: 'UInt32', quoteMint: 'String', amount: 'UInt128' },
  'ReplacingMergeTree(round) ORDER BY (wallet, mint)',
);
