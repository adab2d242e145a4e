// Deterministic event ids: `<signature>:<instruction path>[:<part>]` or `<signature>:<fact>:<index>`, with builders and a parser.
import { z } from 'zod';
import { isSignature } from '@solana/kit';

/** Where an instruction sits in its transaction: top-level `index`; `inner` is its position (0-based) in that
 * instruction's inner-instruction list, or null for the top-level instruction itself. */
export interface InstructionPath {
  index: number;
  inner?: number | null;
}

/** An id read back into its parts. */
export type ParsedEventId =
  | { kind: 'instruction'; signature: string; index: number; inner: number | null; part: string | null }
  | { kind: 'fact'; signature: string; fact: string; index: number };

export class EventIdError extends Error {
  override name = 'EventIdError';
}

/** A lower-case word naming a fact (`bal`, `memo`, ...) or one of several events from one instruction. */
const LABEL = /^[a-z][a-z0-9-]{0,31}$/;
/** A non-negative integer without leading zeros, so each number has exactly one spelling. */
const INDEX = /^(0|[1-9]\d*)$/;
const PATH = /^(0|[1-9]\d*)(?:\.(0|[1-9]\d*))?$/;

function checkSignature(signature: string): void {
  if (!isSignature(signature)) throw new EventIdError(`event id: not a base58 transaction signature: ${JSON.stringify(signature)}`);
}

function checkIndex(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new EventIdError(`event id: ${name} must be a non-negative integer, got ${value}`);
}

function checkLabel(name: string, value: string): void {
  if (!LABEL.test(value)) throw new EventIdError(`event id: ${name} must be a lower-case word, got ${JSON.stringify(value)}`);
}

/** Id of an event decoded from an instruction: `<sig>:2` or `<sig>:2.3`. When one instruction yields more than one
 * event, each extra event names itself with `part`: `<sig>:2:fee-split`. */
export function instructionEventId(signature: string, path: InstructionPath, part?: string): string {
  checkSignature(signature);
  checkIndex('instruction index', path.index);
  const inner = path.inner ?? null;
  if (inner !== null) checkIndex('inner instruction index', inner);
  if (part !== undefined) checkLabel('part', part);
  const where = inner === null ? `${path.index}` : `${path.index}.${inner}`;
  return part === undefined ? `${signature}:${where}` : `${signature}:${where}:${part}`;
}

/** Id of a fact of a transaction not tied to one instruction: `<sig>:<fact>:<index>`. */
export function factEventId(signature: string, fact: string, index: number): string {
  checkSignature(signature);
  checkLabel('fact', fact);
  checkIndex(`${fact} index`, index);
  return `${signature}:${fact}:${index}`;
}

/** A token balance change of the account at `accountIndex` in the transaction's account keys. */
export function tokenBalanceEventId(signature: string, accountIndex: number): string {
  return factEventId(signature, 'bal', accountIndex);
}

/** A lamport balance read after a transaction, of the account at `accountIndex`. */
export function lamportBalanceEventId(signature: string, accountIndex: number): string {
  return factEventId(signature, 'lamports', accountIndex);
}

/** The `index`-th memo of a transaction. */
export function memoEventId(signature: string, index: number): string {
  return factEventId(signature, 'memo', index);
}

/** Read an id back into its parts; throws EventIdError when it is not one this module builds. */
export function parseEventId(id: string): ParsedEventId {
  const fields = id.split(':');
  const [signature = '', second = '', third] = fields;
  if (fields.length < 2 || fields.length > 3) throw new EventIdError(`event id: expected <signature>:<path or fact>, got ${JSON.stringify(id)}`);
  checkSignature(signature);
  const path = PATH.exec(second);
  if (path) {
    if (third !== undefined) checkLabel('part', third);
    const index = Number(path[1]);
    const inner = path[2] === undefined ? null : Number(path[2]);
    checkIndex('instruction index', index);
    if (inner !== null) checkIndex('inner instruction index', inner);
    return { kind: 'instruction', signature, index, inner, part: third ?? null };
  }
  checkLabel('fact', second);
  if (third === undefined || !INDEX.test(third)) throw new EventIdError(`event id: fact ${second} needs an index, got ${JSON.stringify(id)}`);
  const index = Number(third);
  checkIndex(`${second} index`, index);
  return { kind: 'fact', signature, fact: second, index };
}

/** True when `id` is a well-formed event id. */
export function isEventId(id: string): boolean {
  try {
    parseEventId(id);
    return true;
  } catch {
    return false;
  }
}

/** Zod schema of an event id. */
export const eventId = z.string().refine(isEventId, { error: 'expected an event id like <signature>:<instruction path>', abort: true });
