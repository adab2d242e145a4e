// The `creators` read model as the coin rewards and creators reads use it: what creator-mode coins earned and sent
// on, and the latest payments of those earnings, per coin (readCreatorLedgers). Amounts are raw quote units.
import type { Olap } from '../../infra/olap/olap.js';
import { RECENT_SENDS } from '../../schemas/api/creators.js';
import { CREATOR_EARNINGS_TABLE, CREATOR_SENDS_TABLE } from './table.js';

export interface CreatorTotals {
  /** The creator's share of every fee claim. */
  earned: bigint;
  /** What was sent on to the creator's recipients. */
  sent: bigint;
}

export interface CreatorSendEntry {
  coin: string;
  /** The recipient paid. */
  wallet: string;
  token: string;
  amount: string;
  signature: string;
  /** Block time, unix seconds. */
  time: number;
  /** What orders payments, newest first: block time in milliseconds, slot, log offset, event id. */
  ms: number;
  slot: number;
  logOffset: number;
  eventId: string;
}

export interface CreatorLedgerRows extends CreatorTotals {
  /** The latest payments, newest first. */
  sends: CreatorSendEntry[];
}

/** Earned, sent and the latest `RECENT_SENDS` payments of each coin in `mints` (coins with none read zero and empty). */
export async function readCreatorLedgers(olap: Olap, mints: readonly string[]): Promise<Map<string, CreatorLedgerRows>> {
  const out = new Map<string, CreatorLedgerRows>(mints.map((mint) => [mint, { earned: 0n, sent: 0n, sends: [] }]));
  const params = { mints: [...mints], recent: RECENT_SENDS };
  const totals = await olap.query<{ mint: string; kind: string; total: string }>(
    `SELECT mint, 'earned' AS kind, toString(sum(amount)) AS total FROM ${CREATOR_EARNINGS_TABLE} FINAL WHERE mint IN {mints:Array(String)} GROUP BY mint
     UNION ALL
     SELECT mint, 'sent' AS kind, toString(sum(amount)) AS total FROM ${CREATOR_SENDS_TABLE} FINAL WHERE mint IN {mints:Array(String)} GROUP BY mint`,
    params,
  );
  const sends = await olap.query<Omit<CreatorSendEntry, 'time' | 'ms' | 'slot' | 'logOffset'> & Record<'ms' | 'slot' | 'logOffset', string>>(
    `SELECT mint AS coin, wallet, quoteMint AS token, amount, signature, toUnixTimestamp64Milli(time) AS ms, slot, logOffset, eventId
     FROM ${CREATOR_SENDS_TABLE} FINAL
     WHERE mint IN {mints:Array(String)}
     ORDER BY mint, time DESC, slot DESC, logOffset DESC, eventId DESC
     LIMIT {recent:UInt32} BY mint`,
    params,
  );
  for (const row of totals) out.get(row.mint)![row.kind as 'earned' | 'sent'] = BigInt(row.total);
  for (const { ms, slot, logOffset, ...row } of sends) {
    out.get(row.coin)!.sends.push({ ...row, time: Math.floor(Number(ms) / 1000), ms: Number(ms), slot: Number(slot), logOffset: Number(logOffset) });
  }
  return out;
}
