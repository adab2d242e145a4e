// Row codec of the ledger store: a landed transaction becomes its wire bytes plus one JSON body
// (decoded message, block time and the validator's metadata; bigints as decimal strings, byte
// arrays as base64), and decodes back to the exact ExecutedTransaction without re-parsing the
// wire through base58 (signatures and message bytes are views of the wire). Also the mapping of
// u64/i128-sized bigints to SQLite values.
import type { Address } from '@solana/kit';
import type { ExecutedTransaction, TransactionMeta } from '../runtime/types.js';

/** SQLite value for a bigint: an INTEGER when it fits in 64 signed bits, else its decimal text. */
export function bigintToSql(value: bigint): bigint | string {
  return value === BigInt.asIntN(64, value) ? value : value.toString();
}

/** Back from a column read with safe integers (or from text written by bigintToSql). */
export function bigintFromSql(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' || typeof value === 'string') return BigInt(value);
  throw new TypeError(`not an integer column value: ${String(value)}`);
}

/** A plain Uint8Array copy of a BLOB column (better-sqlite3 hands out Buffers). */
export function bytesFromSql(value: unknown): Uint8Array {
  if (!(value instanceof Uint8Array)) throw new TypeError('not a BLOB column value');
  return new Uint8Array(value);
}

const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
const fromBase64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));

interface MetaBody extends Omit<TransactionMeta, 'fee' | 'preBalances' | 'postBalances' | 'innerInstructions' | 'computeUnitsConsumed'> {
  fee: string;
  preBalances: string[];
  postBalances: string[];
  /** [index, [programIdIndex, accounts, base64 data, stackHeight][]] */
  innerInstructions: [number, [number, number[], string, number][]][];
  computeUnitsConsumed: string;
}

interface TransactionBody {
  version: ExecutedTransaction['version'];
  accountKeys: string[];
  header: [number, number, number];
  recentBlockhash: string;
  /** [programIdIndex, accounts, base64 data] */
  instructions: [number, number[], string][];
  blockTime: number;
  meta: MetaBody;
}

/** The JSON body of a transaction row (everything but signature, slot, index and wire). */
export function encodeTransactionBody(tx: ExecutedTransaction): string {
  const { meta, header } = tx;
  const body: TransactionBody = {
    version: tx.version,
    accountKeys: tx.accountKeys,
    header: [header.numRequiredSignatures, header.numReadonlySignedAccounts, header.numReadonlyUnsignedAccounts],
    recentBlockhash: tx.recentBlockhash,
    instructions: tx.instructions.map((ix) => [ix.programIdIndex, ix.accounts, toBase64(ix.data)]),
    blockTime: tx.blockTime,
    meta: {
      err: meta.err,
      fee: meta.fee.toString(),
      preBalances: meta.preBalances.map(String),
      postBalances: meta.postBalances.map(String),
      preTokenBalances: meta.preTokenBalances,
      postTokenBalances: meta.postTokenBalances,
      logMessages: meta.logMessages,
      innerInstructions: meta.innerInstructions.map((inner) => [
        inner.index,
        inner.instructions.map((ix) => [ix.programIdIndex, ix.accounts, toBase64(ix.data), ix.stackHeight]),
      ]),
      computeUnitsConsumed: meta.computeUnitsConsumed.toString(),
    },
  };
  return JSON.stringify(body);
}

/** Length prefix of the wire's signature list (compact-u16). */
function readShortVec(bytes: Uint8Array): { value: number; size: number } {
  let value = 0;
  for (let size = 0; size < 3; size++) {
    const byte = bytes[size] ?? 0;
    value |= (byte & 0x7f) << (7 * size);
    if ((byte & 0x80) === 0) return { value, size: size + 1 };
  }
  throw new RangeError('malformed signature count in stored wire bytes');
}

export interface TransactionRow {
  signature: string;
  slot: number;
  index: number;
  wire: Uint8Array;
  body: string;
}

export function decodeTransaction(row: TransactionRow): ExecutedTransaction {
  const body = JSON.parse(row.body) as TransactionBody;
  const wire = row.wire;
  const [numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts] = body.header;
  const count = readShortVec(wire);
  const signatures: Uint8Array[] = [];
  for (let i = 0; i < numRequiredSignatures; i++) {
    const start = count.size + 64 * i;
    signatures.push(i < count.value ? wire.subarray(start, start + 64) : new Uint8Array(64));
  }
  const m = body.meta;
  return {
    signature: row.signature,
    signatures,
    wire,
    messageBytes: wire.subarray(count.size + 64 * count.value),
    version: body.version,
    accountKeys: body.accountKeys as Address[],
    header: { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts },
    recentBlockhash: body.recentBlockhash,
    instructions: body.instructions.map(([programIdIndex, accounts, data]) => ({ programIdIndex, accounts, data: fromBase64(data) })),
    meta: {
      err: m.err,
      fee: BigInt(m.fee),
      preBalances: m.preBalances.map(BigInt),
      postBalances: m.postBalances.map(BigInt),
      preTokenBalances: m.preTokenBalances,
      postTokenBalances: m.postTokenBalances,
      logMessages: m.logMessages,
      innerInstructions: m.innerInstructions.map(([index, instructions]) => ({
        index,
        instructions: instructions.map(([programIdIndex, accounts, data, stackHeight]) => ({
          programIdIndex,
          accounts,
          data: fromBase64(data),
          stackHeight,
        })),
      })),
      computeUnitsConsumed: BigInt(m.computeUnitsConsumed),
    },
    slot: row.slot,
    index: row.index,
    blockTime: body.blockTime,
  };
}
