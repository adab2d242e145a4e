// The `creators` read model as the creators read uses it: what creator-mode coins earned and sent on, and the
// payments of those earnings, loaded per coin into the resident rewards model (readCreatorLedgers). Amounts are raw
// quote units.
import type { Olap } from '../../infra/olap/olap.js';
import { CREATOR_EARNINGS_TABLE, CREATOR_SENDS_TABLE } from './table.js';

export interface CreatorTotals {
  /** The creator's share of every fee claim. */
  earned: bigint;
  /** What was sent on to the creator's recipients. */
  sent: bigint;
}

export interface CreatorSend {
  coin: string;
  /** The recipient paid. */
  wallet: string;
  token: string;
  amount: string;
  signature: string;
  /** Block time, unix seconds. */
  time: number;
}

/** A payment of creator earnings with what orders it (newest first: time, slot, log offset, event id). */
export interface CreatorSendEntry extends CreatorSend {
  ms: number;
  slot: number;
  logOffset: number;
  eventId: string;
}

export interface CreatorLedgerRows extends CreatorTotals {
  /** Newest first. */
  sends: CreatorSendEntry[];
}

/** Earned, sent and every payment of each coin in `mints` (coins with none read zero and empty), for the resident
 * rewards model. */
export async function readCreatorLedgers(olap: Olap, mints: readonly string[]): Promise<Map<string, CreatorLedgerRows>> {
  const out = new Map<string, CreatorLedgerRows>(mints.map((mint) => [mint, { earned: 0n, sent: 0n, sends: [] }]));
  for (let i = 0; i < mints.length; i += 250) {
    const params = { mints: mints.slice(i, i + 250) };
    const earned = await olap.query<{ mint: string; total: string }>(
      `SELECT mint, toString(sum(amount)) AS total FROM ${CREATOR_EARNINGS_TABLE} FINAL WHERE mint IN {mints:Array(String)} GROUP BY mint`,
      params,
    );
    const sends = await olap.query<{
      coin: string;
      wallet: string;
      token: string;
      amount: string;
      signature: string;
      ms: string;
      slot: string;
      logOffset: string;
      eventId: string;
    }>(
      `SELECT mint AS coin, wallet, quoteMint AS token, toString(amount) AS amount, signature, toUnixTimestamp64Milli(time) AS ms, slot, logOffset, eventId
       FROM ${CREATOR_SENDS_TABLE} FINAL
       WHERE mint IN {mints:Array(String)}
       ORDER BY mint, time DESC, slot DESC, logOffset DESC, eventId DESC`,
      params,
    );
    for (const row of earned) out.get(row.mint)!.earned = BigInt(row.total);
    for (const { ms, slot, logOffset, ...row } of sends) {
      const ledger = out.get(row.coin)!;
      ledger.sent += BigInt(row.amount);
      ledger.sends.push({ ...row, time: Math.floor(Number(ms) / 1000), ms: Number(ms), slot: Number(slot), logOffset: Number(logOffset) });
    }
  }
  return out;
}
