// The catalog's event id builders (schemas/events/ids.ts) for the decoders, with the signature checked through the
// fast predicate: a transaction's signature is checked once, not once per event. The id text comes from the
// catalog's builder run on a stand-in signature, so the format has one definition; a signature the fast check
// does not pass goes to the catalog's builder itself, which throws as it always did.
import {
  factEventId as catalogFactEventId,
  instructionEventId as catalogInstructionEventId,
  type InstructionPath,
} from '../../schemas/events/index.js';
import { isSignatureFast } from '../validation/base58-checks.js';

/** 64 zero bytes in base58: a valid signature, replaced by the real one in the built id. */
const STAND_IN = '1'.repeat(64);

export function instructionEventId(signature: string, path: InstructionPath, part?: string): string {
  if (!isSignatureFast(signature)) return catalogInstructionEventId(signature, path, part);
  return signature + catalogInstructionEventId(STAND_IN, path, part).slice(STAND_IN.length);
}

export function factEventId(signature: string, fact: string, index: number): string {
  if (!isSignatureFast(signature)) return catalogFactEventId(signature, fact, index);
  return signature + catalogFactEventId(STAND_IN, fact, index).slice(STAND_IN.length);
}

export const tokenBalanceEventId = (signature: string, accountIndex: number): string => factEventId(signature, 'bal', accountIndex);
export const lamportBalanceEventId = (signature: string, accountIndex: number): string => factEventId(signature, 'lamports', accountIndex);
export const memoEventId = (signature: string, index: number): string => factEventId(signature, 'memo', index);
