// The `creators` read model's reads by the coin rewards and creators routes: what creator-mode coins earned and sent
// on, per coin (readCreatorTotals), and the latest payments of those earnings (recentCreatorSends).
import type { Olap } from '../../infra/olap/olap.js';
import { RECENT_SENDS } from '../../schemas/api/creators.js';
import { CREATOR_EARNINGS_TABLE, CREATOR_SENDS_TABLE } from './table.js';

/** `earned`: the creator's share of every fee claim; `sent`: what was sent on to the creator's recipients. */
export type CreatorTotals = { earned: bigint; sent: bigint };

/** Earned and sent of each coin in `mints` (coins with none read zero). */
export async function readCreatorTotals(olap: Olap, mints: readonly string[]): Promise<Map<string, CreatorTotals>> {
  const out = new Map<string, CreatorTotals>(mints.map((mint) => [mint, { earned: 0n, sent: 0n }]));
  const totals = await olap.query<{ mint: string; kind: string; total: string }>(
    `SELECT mint, 'earned' AS kind, toString(sum(amount)) AS total FROM ${CREATOR_EARNINGS_TABLE} FINAL WHERE mint IN {mints:Array(String)} GROUP BY mint
     UNION ALL
     SELECT mint, 'sent' AS kind, toString(sum(amount)) AS total FROM ${CREATOR_SENDS_TABLE} FINAL WHERE mint IN {mints:Array(String)} GROUP BY mint`,
    { mints: [...mints] },
  );
  for (const row of totals) out.get(row.mint)![row.kind as 'earned' | 'sent'] = BigInt(row.total);
  return out;
}

/** The latest `RECENT_SENDS` payments of the coins in `mints`, newest first (block time, slot, log offset, event id):
 * `wallet` is the recipient paid, `seconds` the block time in unix seconds. */
export function recentCreatorSends(olap: Olap, mints: readonly string[]) {
  return olap.query<{ coin: string; wallet: string; token: string; amount: string; signature: string; seconds: number }>(
    `SELECT mint AS coin, wallet, quoteMint AS token, amount, signature, toUnixTimestamp(time) AS seconds
     FROM ${CREATOR_SENDS_TABLE} FINAL
     WHERE mint IN {mints:Array(String)}
     ORDER BY time DESC, slot DESC, logOffset DESC, eventId DESC
     LIMIT {recent:UInt32}`,
    { mints: [...mints], recent: RECENT_SENDS },
  );
}
