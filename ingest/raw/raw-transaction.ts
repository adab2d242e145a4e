// The raw-tx log's records (topic `raw-transactions`, key = slot): each transaction the subscriber
// kept, in a compact JSON form any decoder can re-read, and per-slot completion markers that make a
// slot durable (the subscriber resumes after the last one). Parsing validates, so a corrupt record is
// refused as a whole rather than half-decoded.
import { z } from 'zod';

const u64 = z.string().regex(/^(0|[1-9]\d*)$/);
const index = z.int().nonnegative();

const compiledInstruction = z.object({
  programIdIndex: index,
  accounts: z.array(index),
  /** Instruction data, base64. */
  data: z.string(),
});

const tokenBalance = z.object({
  accountIndex: index,
  mint: z.string(),
  owner: z.string(),
  programId: z.string(),
  /** Raw units. */
  amount: u64,
  decimals: z.int().min(0).max(255),
});

export const rawTransactionSchema = z.object({
  signature: z.string(),
  slot: index,
  /** Position in its block. */
  index,
  /** Unix seconds of the block; null when the chain did not report one. */
  blockTime: z.int().nonnegative().nullable(),
  version: z.union([z.literal('legacy'), z.literal(0)]),
  /** Signers are the first `numRequiredSignatures` keys; the first is the fee payer. */
  numRequiredSignatures: index,
  /** Static keys, then the keys loaded from lookup tables (writable, then read-only), base58. */
  accountKeys: z.array(z.string()),
  instructions: z.array(compiledInstruction),
  meta: z.object({
    fee: u64,
    preBalances: z.array(u64),
    postBalances: z.array(u64),
    logMessages: z.array(z.string()),
    innerInstructions: z.array(z.object({ index, instructions: z.array(compiledInstruction.extend({ stackHeight: z.int().positive().nullable() })) })),
    preTokenBalances: z.array(tokenBalance),
    postTokenBalances: z.array(tokenBalance),
    computeUnitsConsumed: u64.nullable(),
  }),
});

export type RawTransaction = z.infer<typeof rawTransactionSchema>;
export type RawTokenBalance = RawTransaction['meta']['preTokenBalances'][number];
export type RawInstruction = RawTransaction['instructions'][number];

/** Everything up to and including `slot` is written (or recorded as a gap): the subscriber's resume point. */
export const slotMarkerSchema = z.object({
  slot: index,
  blockTime: z.int().nonnegative().nullable(),
  /** Transactions of this slot written just before the marker. */
  transactions: index,
  /** Set when the marker closes a hole the server could not replay (see TOPICS.ingestGaps). */
  gap: z.boolean().optional(),
});

export type SlotMarker = z.infer<typeof slotMarkerSchema>;

export const rawRecordSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('tx'), tx: rawTransactionSchema }),
  z.object({ kind: z.literal('slot'), marker: slotMarkerSchema }),
]);

export type RawRecord = z.infer<typeof rawRecordSchema>;

export function encodeRawRecord(record: RawRecord): string {
  return JSON.stringify(record);
}

/** The record in a log value; throws (zod or JSON error) when it is not one. */
export function parseRawRecord(value: string): RawRecord {
  return rawRecordSchema.parse(JSON.parse(value));
}

/** The record in a log value as the decoding pipeline takes it: a transaction is trusted once it is JSON of the
 * right kind (the subscriber wrote it from the client's typed update; the decoders read it defensively, and every
 * event they build is validated before it is appended, so a full parse would repeat that work on every record);
 * a marker is parsed in full. Throws when the value is no record. */
export function readRawRecord(value: string): RawRecord {
  const record: unknown = JSON.parse(value);
  const tx = (record as { kind?: unknown; tx?: unknown } | null)?.kind === 'tx' ? (record as { tx?: unknown }).tx : undefined;
  return typeof tx === 'object' && tx !== null ? (record as RawRecord) : rawRecordSchema.parse(record);
}

/** The raw-tx log key of a slot. */
export function slotKey(slot: number): string {
  return String(slot);
}
