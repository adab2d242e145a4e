// The known-coins registry on the event log: one small record per launched coin (topic
// `ingest-known-coins`, key = mint), appended by the subscriber before the slot that launched the coin
// becomes durable, and read whole at start by the subscriber and the pipeline so that a restart still
// recognises every coin (a plain transfer of an old coin names no program of ours). Reading uses a
// fixed consumer group that never commits and reads up to the topic's last record; it rewinds after
// each full read, so the next start reads everything again.
import { z } from 'zod';
import type { AppendRecord, EventLog } from '../../infra/event-log/event-log.js';
import { KnownCoins, type CoinInfo } from './known-coins.js';

/** Single-partition topic; small (one record per coin). */
export const KNOWN_COINS_TOPIC = 'ingest-known-coins';

const coinInfoSchema = z.object({
  mint: z.string(),
  route: z.enum(['launchpad', 'pool-venue']),
  quoteMint: z.string(),
  mode: z.enum(['holder', 'creator']),
  holdersPaid: z.enum(['pair', 'basket']),
  tokenProgram: z.enum(['spl', 'token-2022']),
  curve: z.string().nullable(),
  pool: z.string().nullable(),
  slot: z.int().nonnegative(),
});

/** The registry's records of these coins. */
export function knownCoinRecords(coins: readonly CoinInfo[]): AppendRecord[] {
  return coins.map((coin) => ({ key: coin.mint, value: JSON.stringify(coin) }));
}

export async function appendKnownCoins(log: EventLog, coins: readonly CoinInfo[]): Promise<void> {
  if (coins.length === 0) return;
  await log.append(KNOWN_COINS_TOPIC, knownCoinRecords(coins));
}

/** Every coin in the registry, read up to its last record. `group` names the reader (one per role, e.g.
 * `ingest-subscriber`). */
export async function loadKnownCoins(log: EventLog, group: string, timeoutMs = 60_000): Promise<KnownCoins> {
  const coins = new KnownCoins();
  const last = await log.last(KNOWN_COINS_TOPIC);
  if (!last) return coins;
  const reader = `${group}:known-coins`;
  const deadline = Date.now() + timeoutMs;
  await log.rewind(KNOWN_COINS_TOPIC, reader);
  for (let seen = -1n; seen < last.offset; ) {
    if (Date.now() > deadline) throw new Error(`could not read the known-coins registry to offset ${last.offset} within ${timeoutMs} ms`);
    for (const record of await log.poll(KNOWN_COINS_TOPIC, reader, { maxRecords: 5_000, waitMs: 1_000 })) {
      const parsed = coinInfoSchema.safeParse(parseJson(record.value));
      if (parsed.success) coins.add(parsed.data);
      if (record.offset > seen) seen = record.offset;
    }
  }
  await log.rewind(KNOWN_COINS_TOPIC, reader);
  return coins;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
