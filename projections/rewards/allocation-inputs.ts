// What recomputing a coin's payout rounds reads besides the rounds themselves: the holders' share of each fee
// claim in chain order (the pot a round had), and the coin's token balance changes in chain order, or the
// balance of every owner at one slot, from projections/balances.
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
    `SELECT toString(slot) AS slot, toString(logOffset) AS logOffset, toString(amount) AS amount
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
    `SELECT tokenAccount, owner, toString(post) AS post, toString(slot) AS slot, toString(logOffset) AS logOffset
     FROM ${BALANCE_CHANGES_TABLE} FINAL
     WHERE mint = {mint:String} AND slot > {after:Int64} AND slot <= {through:UInt64}
     ORDER BY slot, logOffset, id`,
    { mint, after: afterSlot, through: throughSlot },
  );
  return rows.map((row) => ({ tokenAccount: row.tokenAccount, owner: row.owner, post: BigInt(row.post), slot: Number(row.slot), logOffset: BigInt(row.logOffset) }));
}

/** Every owner's balance of the coin at the end of `slot` (token accounts summed, each at its latest change
 * at or before the slot, owned by the owner that change names); owners at zero are left out. */
export async function ownerBalancesAt(olap: Olap, mint: string, slot: number): Promise<Map<string, bigint>> {
  const rows = await olap.query<{ owner: string; balance: string }>(
    `SELECT owner, toString(sum(balance)) AS balance FROM (
       SELECT tokenAccount, argMax(owner, (slot, logOffset)) AS owner, argMax(post, (slot, logOffset)) AS balance
       FROM ${BALANCE_CHANGES_TABLE} FINAL
       WHERE mint = {mint:String} AND slot <= {slot:UInt64}
       GROUP BY tokenAccount
     ) GROUP BY owner HAVING sum(balance) > 0`,
    { mint, slot },
  );
  return new Map(rows.map((row) => [row.owner, BigInt(row.balance)]));
}
