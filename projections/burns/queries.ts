// The burns route's query over platform_burns: one UTC day of platform-token burns and the total burned to its end.
import type { Olap } from '../../infra/olap/olap.js';
import { PLATFORM_BURNS_TABLE } from './table.js';

/** Burns of `platformMint` on `day` ('YYYY-MM-DD', UTC): raw tokens burned, lamports they cost, how many, and
 * `lastSignature`, the day's last burn (chain order), null on a day without burns; `burnedTotalRaw` counts every burn
 * up to the end of the day. */
export async function burnDay(olap: Olap, platformMint: string, day: string) {
  const [row] = await olap.query<{ burned: string; cost: string; count: string; last: string; total: string }>(
    `SELECT
      toString(sumIf(toUInt256(amount), toDate(time) = toDate({day:String}))) AS burned,
      toString(sumIf(toUInt256(solCost), toDate(time) = toDate({day:String}))) AS cost,
      countIf(toDate(time) = toDate({day:String})) AS count,
      argMaxIf(signature, (slot, logOffset, eventId), toDate(time) = toDate({day:String})) AS last,
      toString(sum(toUInt256(amount))) AS total
    FROM ${PLATFORM_BURNS_TABLE} FINAL
    WHERE platformMint = {mint:String} AND toDate(time) <= toDate({day:String})`,
    { mint: platformMint, day },
  );
  // Aggregates without GROUP BY: always one row.
  const { burned, cost, count, last, total } = row!;
  const n = Number(count);
  return { burnedRaw: BigInt(burned), solCostLamports: BigInt(cost), count: n, lastSignature: n > 0 ? last : null, burnedTotalRaw: BigInt(total) };
}
