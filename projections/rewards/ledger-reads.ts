// Reads that fill and refresh the wallet rewards' resident model (reward-model.ts) in bulk: payouts by ranges of
// (coin, rounds, from slot), planned so one statement returns at most PAYOUT_ROWS_PER_READ rows (about 50 ms of
// engine and parsing here).
import type { Olap } from '../../infra/olap/olap.js';
import { REWARD_PAYOUTS_TABLE } from './table.js';

/** Rows a payout read returns at most (a single round with more is read alone). */
export const PAYOUT_ROWS_PER_READ = 10_000;
/** Coins per statement counting payouts. */
const COINS_PER_READ = 1_000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** One payout sent, as the model reads it. */
export interface PayoutRow {
  wallet: string;
  mint: string;
  round: number;
  token: string;
  amount: string;
  signature: string;
  /** Block time in milliseconds. */
  ms: number;
  slot: number;
  logOffset: number;
  eventId: string;
}

/** Payouts of one coin with round in [fromRound, toRound] and slot at or after `fromSlot`. */
export interface PayoutRange {
  mint: string;
  fromRound: number;
  toRound: number;
  fromSlot: number;
}

export const ALL_ROUNDS = { fromRound: 0, toRound: 4_294_967_295 } as const;

/** Ranges covering every payout of the coins in `mints`, each read at most PAYOUT_ROWS_PER_READ rows, in reads;
 * and how many rows they hold (duplicates the store has not merged yet counted). */
export async function planPayoutReads(olap: Olap, mints: readonly string[]): Promise<{ reads: PayoutRange[][]; rows: number }> {
  const counts: { mint: string; round: number; rows: string }[] = [];
  for (const chunk of chunks(mints, COINS_PER_READ)) {
    counts.push(
      ...(await olap.query<{ mint: string; round: number; rows: string }>(
        `SELECT mint, round, count() AS rows FROM ${REWARD_PAYOUTS_TABLE} WHERE mint IN {mints:Array(String)}
         GROUP BY mint, round ORDER BY mint, round`,
        { mints: chunk },
      )),
    );
  }
  const reads: PayoutRange[][] = [];
  let read: PayoutRange[] = [];
  let rows = 0;
  let total = 0;
  for (const count of counts) {
    const n = Number(count.rows);
    if (rows + n > PAYOUT_ROWS_PER_READ && read.length > 0) {
      reads.push(read);
      read = [];
      rows = 0;
    }
    const last = read.at(-1);
    if (last?.mint === count.mint) last.toRound = count.round;
    else read.push({ mint: count.mint, fromRound: count.round, toRound: count.round, fromSlot: 0 });
    rows += n;
    total += n;
  }
  if (read.length > 0) reads.push(read);
  return { reads, rows: total };
}

/** The payouts in `ranges` (one range per coin). */
export async function readPayouts(olap: Olap, ranges: readonly PayoutRange[]): Promise<PayoutRow[]> {
  if (ranges.length === 0) return [];
  const rows = await olap.query<Omit<PayoutRow, 'ms' | 'slot' | 'logOffset'> & { ms: string; slot: string; logOffset: string }>(
    `SELECT wallet, mint, round, token, toString(amount) AS amount, signature, toUnixTimestamp64Milli(time) AS ms, slot, logOffset, eventId
     FROM ${REWARD_PAYOUTS_TABLE} FINAL
     WHERE mint IN {mints:Array(String)}
       AND round >= transform(mint, {mints:Array(String)}, {fromRounds:Array(UInt32)}, toUInt32(0))
       AND round <= transform(mint, {mints:Array(String)}, {toRounds:Array(UInt32)}, toUInt32(0))
       AND slot >= transform(mint, {mints:Array(String)}, {fromSlots:Array(UInt64)}, toUInt64(0))`,
    {
      mints: ranges.map((range) => range.mint),
      fromRounds: ranges.map((range) => range.fromRound),
      toRounds: ranges.map((range) => range.toRound),
      fromSlots: ranges.map((range) => range.fromSlot),
    },
  );
  return rows.map((row) => ({ ...row, round: Number(row.round), ms: Number(row.ms), slot: Number(row.slot), logOffset: Number(row.logOffset) }));
}
