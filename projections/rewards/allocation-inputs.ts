// What recomputing a coin's payout rounds reads besides the rounds themselves: the holders' share of each fee
// claim in chain order (the pot a round had), and the coin's token balance changes in chain order from
// projections/balances (whose queries also give every owner's balance at one slot).
import type { Olap } from '../../infra/olap/olap.js';
import { BALANCE_CHANGES_TABLE } from '../balances/table.js';
import { REWARD_POT_INCOME_TABLE } from './table.js';

/** A position in chain order: slot, then log offset within the coin's partition. */
export interface ChainPosition {
  slot: number;
  logOffset: bigint;
}

export interface PotIncome extends ChainPosition {
  amount: bigint;
}

/** The holders' share of every fee claim of the coin, in chain order. */
export async function potIncome(olap: Olap, mint: string): Promise<PotIncome[]> {
  const rows = await olap.query<{ slot: string; logOffset: string; amount: string }>(
    `SELECT slot, logOffset, amount
     FROM ${REWARD_POT_INCOME_TABLE} FINAL WHERE mint = {mint:String} ORDER BY slot, logOffset`,
    { mint },
  );
  return rows.map((row) => ({ slot: Number(row.slot), logOffset: BigInt(row.logOffset), amount: BigInt(row.amount) }));
}

export interface AccountChange extends ChainPosition {
  tokenAccount: string;
  owner: string;
  /** Balance after the change, raw units. */
  post: bigint;
}

/** The coin's balance changes in slots (afterSlot, throughSlot], in chain order. */
export async function balanceChanges(olap: Olap, mint: string, afterSlot: number, throughSlot: number): Promise<AccountChange[]> {
  const rows = await olap.query<{ tokenAccount: string; owner: string; post: string; slot: string; logOffset: string }>(
    `SELECT tokenAccount, owner, post, slot, logOffset
     FROM ${BALANCE_CHANGES_TABLE} FINAL
     WHERE mint = {mint:String} AND slot > {after:Int64} AND slot <= {through:UInt64}
     ORDER BY slot, logOffset, id`,
    { mint, after: afterSlot, through: throughSlot },
  );
  return rows.map((row) => ({
    tokenAccount: row.tokenAccount,
    owner: row.owner,
    post: BigInt(row.post),
    slot: Number(row.slot),
    logOffset: BigInt(row.logOffset),
  }));
}
