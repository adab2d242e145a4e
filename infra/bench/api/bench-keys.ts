// Deterministic chain addresses and transaction signatures for the API bench's dataset: each is the base58 of a
// hash of a label, so the dataset is the same run after run and every value passes the address and signature
// checks the API's schemas make.
import { createHash } from 'node:crypto';
import { encodeBase58 } from '../../../schemas/base58.js';

/** A 32-byte address named by `label` (e.g. `wallet:12`). */
export function benchAddress(label: string): string {
  return encodeBase58(createHash('sha256').update(label).digest());
}

/** A 64-byte transaction signature, one per `n`. */
export function benchSignature(n: number): string {
  return encodeBase58(createHash('sha512').update(`tx:${n}`).digest());
}
