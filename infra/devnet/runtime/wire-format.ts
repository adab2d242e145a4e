// Direct parser of a signatures-first wire transaction with a legacy or v0 message: compact-u16
// signature count, signatures, then the message (optional 0x80 version prefix, header, account keys,
// recent blockhash, instructions, v0 address table lookups). It accepts only input that
// @solana/kit's transaction and message decoders accept with the same result, and returns null for
// anything else (other versions, truncation, a signature count that does not match the signers), so
// the caller falls back to kit's decoders and their exact refusals.
import type { Address } from '@solana/kit';
import { addressFromBytes } from '../../../schemas/base58.js';
import type { CompiledInstruction } from './types.js';

export interface MessageHeader {
  numRequiredSignatures: number;
  numReadonlySignedAccounts: number;
  numReadonlyUnsignedAccounts: number;
}

export interface WireTransaction {
  /**
   * One per signer slot, in order (all-zero when unsigned). kit keys them by signer address instead,
   * which differs only when a signer key repeats, and sanitising refuses repeated keys.
   */
  signatures: Uint8Array[];
  /** A copy of the message bytes (everything after the signatures). */
  messageBytes: Uint8Array;
  version: 'legacy' | 0;
  header: MessageHeader;
  accountKeys: Address[];
  recentBlockhash: string;
  instructions: CompiledInstruction[];
  /** How many address table lookups a v0 message carries. */
  addressTableLookupCount: number;
}

/** Reads compact-u16s and byte runs, failing (returning -1) on truncation. */
class Cursor {
  constructor(
    readonly bytes: Uint8Array,
    public offset: number,
  ) {}

  /** Take `n` bytes: the offset of the first, or -1 when fewer remain. */
  take(n: number): number {
    const at = this.offset;
    if (at + n > this.bytes.length) return -1;
    this.offset = at + n;
    return at;
  }

  /** A compact-u16 (1 to 3 bytes, at most 0xffff) as kit's shortU16 decoder reads it, or -1. */
  shortU16(): number {
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const at = this.take(1);
      if (at < 0) return -1;
      const byte = this.bytes[at]!;
      value |= (byte & 0x7f) << (7 * i);
      if ((byte & 0x80) === 0) return value <= 0xffff ? value : -1;
    }
    return -1;
  }
}

function parseInstruction(c: Cursor): CompiledInstruction | null {
  const programAt = c.take(1);
  const numAccounts = c.shortU16();
  if (programAt < 0 || numAccounts < 0) return null;
  const accountsAt = c.take(numAccounts);
  const dataLength = c.shortU16();
  if (accountsAt < 0 || dataLength < 0) return null;
  const dataAt = c.take(dataLength);
  if (dataAt < 0) return null;
  const accounts = new Array<number>(numAccounts);
  for (let i = 0; i < numAccounts; i++) accounts[i] = c.bytes[accountsAt + i]!;
  return { programIdIndex: c.bytes[programAt]!, accounts, data: c.bytes.slice(dataAt, dataAt + dataLength) };
}

/** Number of well-formed address table lookups, or -1 when they are truncated. */
function countLookups(c: Cursor): number {
  const count = c.shortU16();
  if (count < 0) return -1;
  for (let i = 0; i < count; i++) {
    if (c.take(32) < 0) return -1;
    for (let list = 0; list < 2; list++) {
      const n = c.shortU16();
      if (n < 0 || c.take(n) < 0) return -1;
    }
  }
  return count;
}

/** The transaction in `wire`, or null when kit's decoders must decide (see the module comment). */
export function parseWireTransaction(wire: Uint8Array): WireTransaction | null {
  // A first byte with the high bit set is a message-first (v1) envelope or an error for kit.
  if (wire.length === 0 || (wire[0]! & 0x80) !== 0) return null;
  const numSignatures = wire[0]!;
  const c = new Cursor(wire, 1);
  const signaturesAt = c.take(numSignatures * 64);
  if (signaturesAt < 0) return null;
  const messageAt = c.offset;
  const first = c.take(1);
  if (first < 0) return null;
  let version: 'legacy' | 0 = 'legacy';
  if ((wire[first]! & 0x80) !== 0) {
    if (wire[first] !== 0x80) return null; // v1 and unsupported versions
    version = 0;
  } else {
    c.offset = first; // a legacy message starts with its header
  }
  const headerAt = c.take(3);
  const numKeys = c.shortU16();
  if (headerAt < 0 || numKeys < 0) return null;
  const keysAt = c.take(numKeys * 32);
  const blockhashAt = c.take(32);
  if (keysAt < 0 || blockhashAt < 0) return null;
  const header: MessageHeader = {
    numRequiredSignatures: wire[headerAt]!,
    numReadonlySignedAccounts: wire[headerAt + 1]!,
    numReadonlyUnsignedAccounts: wire[headerAt + 2]!,
  };
  // kit pairs signatures with the leading account keys and refuses a count mismatch.
  if (numSignatures !== Math.min(header.numRequiredSignatures, numKeys)) return null;
  const numInstructions = c.shortU16();
  if (numInstructions < 0) return null;
  const instructions: CompiledInstruction[] = [];
  for (let i = 0; i < numInstructions; i++) {
    const ix = parseInstruction(c);
    if (!ix) return null;
    instructions.push(ix);
  }
  const addressTableLookupCount = version === 0 ? countLookups(c) : 0;
  if (addressTableLookupCount < 0) return null;

  const accountKeys = new Array<Address>(numKeys);
  for (let i = 0; i < numKeys; i++) accountKeys[i] = addressFromBytes(wire, keysAt + i * 32);
  const signatures = new Array<Uint8Array>(numSignatures);
  for (let i = 0; i < numSignatures; i++) signatures[i] = wire.slice(signaturesAt + i * 64, signaturesAt + (i + 1) * 64);
  return {
    signatures,
    messageBytes: wire.slice(messageAt),
    version,
    header,
    accountKeys,
    recentBlockhash: addressFromBytes(wire, blockhashAt), // base58 of 32 bytes, cached: a slot's transactions share it
    instructions,
    addressTableLookupCount,
  };
}
