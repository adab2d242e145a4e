// The catalog's event id builders (schemas/events/ids.ts) for the decoders, with the signature checked through the
// fast predicate: a transaction's signature is checked once, not once per event. The rest of the id (path, fact,
// index, part) comes from the catalog's builder run once per distinct rest on a stand-in signature, so the format
// has one definition; a signature the fast check does not pass goes to the catalog's builder itself, which throws
// as it always did.
import { factEventId as catalogFactEventId, instructionEventId as catalogInstructionEventId, type InstructionPath } from '../../schemas/events/index.js';
import { isSignatureFast } from '../validation/base58-checks.js';

/** 64 zero bytes in base58: a valid signature, replaced by the real one in the built id. */
const STAND_IN = '1'.repeat(64);
const TAIL_LIMIT = 10_000;
const tails = new Map<string, string>();

/** The id's text after the signature, built (and checked) by the catalog once per distinct rest. */
function tail(cacheKey: string, build: () => string): string {
  let text = tails.get(cacheKey);
  if (text === undefined) {
    text = build().slice(STAND_IN.length);
    if (tails.size >= TAIL_LIMIT) tails.clear();
    tails.set(cacheKey, text);
  }
  return text;
}

export function instructionEventId(signature: string, path: InstructionPath, part?: string): string {
  if (!isSignatureFast(signature)) return catalogInstructionEventId(signature, path, part);
  const key = `i ${path.index} ${path.inner ?? ''} ${part === undefined ? '-' : `+${part}`}`;
  return signature + tail(key, () => catalogInstructionEventId(STAND_IN, path, part));
}

export function factEventId(signature: string, fact: string, index: number): string {
  if (!isSignatureFast(signature)) return catalogFactEventId(signature, fact, index);
  return signature + tail(`f ${fact} ${index}`, () => catalogFactEventId(STAND_IN, fact, index));
}

export const tokenBalanceEventId = (signature: string, accountIndex: number): string => factEventId(signature, 'bal', accountIndex);
export const lamportBalanceEventId = (signature: string, accountIndex: number): string => factEventId(signature, 'lamports', accountIndex);
export const memoEventId = (signature: string, index: number): string => factEventId(signature, 'memo', index);
