// Balances at a past slot from the balance history (balance_changes).
import type { Olap } from '../../infra/olap/olap.js';
import { BALANCE_CHANGES_TABLE } from './table.js';

/** Every owner's balance of `mint` at the end of `slot` (owners without any are absent), only `owners` when given: the
 * sum over the token accounts it owned then. Payout rounds read holders at their snapshot and baseline slots this way
 * (schemas/rewards/allocation.ts), and so does `countsNextRound` of the holders read (api/handlers/holders.ts). */
export async function ownerBalancesAt(olap: Olap, mint: string, slot: number, owners?: readonly string[]): Promise<Map<string, bigint>> {
  if (owners !== undefined && owners.length === 0) return new Map();
  const filter = owners === undefined ? '' : 'AND owner IN {owners:Array(String)}';
  const rows = await olap.query<{ owner: string; balance: string }>(
    `SELECT owner, toString(sum(post)) AS balance
    FROM (
      SELECT argMax(owner, (slot, logOffset)) AS owner, argMax(post, (slot, logOffset)) AS post
      FROM ${BALANCE_CHANGES_TABLE} FINAL
      WHERE mint = {mint:String} AND slot <= {slot:UInt64}
      GROUP BY tokenAccount
    )
    WHERE post > 0 ${filter}
    GROUP BY owner`,
    { mint, slot, owners: owners === undefined ? [] : [...owners] },
  );
  return new Map(rows.map((row) => [row.owner, BigInt(row.balance)]));
}
