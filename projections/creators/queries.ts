// Read queries of the `creators` read model, shared by the API and the MCP tools: what creator-mode coins earned
// and sent on, and the latest payments of those earnings. Amounts are raw quote units.
import type { Olap } from '../../infra/olap/olap.js';
import { CREATOR_EARNINGS_TABLE, CREATOR_SENDS_TABLE } from './table.js';
import { cachedRead } from '../read-path.js';

export interface CreatorTotals {
  /** The creator's share of every fee claim. */
  earned: bigint;
  /** What was sent on to the creator's recipients. */
  sent: bigint;
}

/** Earned and sent per coin in `mints`; coins with neither read zero. */
export const creatorTotals = cachedRead(
  'creatorTotals',
  [CREATOR_EARNINGS_TABLE, CREATOR_SENDS_TABLE],
  (mints: readonly string[]) => mints.join(','),
  readCreatorTotals,
);

async function readCreatorTotals(olap: Olap, mints: readonly string[]): Promise<Map<string, CreatorTotals>> {
  const out = new Map<string, CreatorTotals>(mints.map((mint) => [mint, { earned: 0n, sent: 0n }]));
  if (mints.length === 0) return out;
  const params = { mints: [...mints] };
  const [earned, sent] = await Promise.all([
    olap.query<{ mint: string; total: string }>(
      `SELECT mint, sum(amount) AS total FROM ${CREATOR_EARNINGS_TABLE} FINAL WHERE mint IN {mints:Array(String)} GROUP BY mint`,
      params,
    ),
    olap.query<{ mint: string; total: string }>(
      `SELECT mint, sum(amount) AS total FROM ${CREATOR_SENDS_TABLE} FINAL WHERE mint IN {mints:Array(String)} GROUP BY mint`,
      params,
    ),
  ]);
  for (const row of earned) out.get(row.mint)!.earned = BigInt(row.total);
  for (const row of sent) out.get(row.mint)!.sent = BigInt(row.total);
  return out;
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

/** The latest `limit` payments of the earnings of the coins in `mints`, newest first. */
export const recentSends = cachedRead(
  'recentSends',
  [CREATOR_SENDS_TABLE],
  (mints: readonly string[], limit: number) => `${mints.join(',')}|${limit}`,
  readRecentSends,
);

async function readRecentSends(olap: Olap, mints: readonly string[], limit: number): Promise<CreatorSend[]> {
  if (mints.length === 0) return [];
  const rows = await olap.query<{ coin: string; wallet: string; token: string; amount: string; signature: string; seconds: number }>(
    `SELECT mint AS coin, wallet, quoteMint AS token, amount, signature, toUnixTimestamp(time) AS seconds
     FROM ${CREATOR_SENDS_TABLE} FINAL
     WHERE mint IN {mints:Array(String)}
     ORDER BY time DESC, slot DESC, logOffset DESC, eventId DESC
     LIMIT {limit:UInt32}`,
    { mints: [...mints], limit },
  );
  return rows.map(({ seconds, ...row }) => ({ ...row, time: Number(seconds) }));
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
 * rewards model: the same rows as creatorTotals and recentSends. */
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
