// A raw transaction as decoders read it: resolved addresses, signers, and every invocation (top-level
// and inner, in execution order) with its instruction path and the `Program data:` payloads it printed
// itself. Payloads are attributed by walking the logs' `invoke [n]` / `success` lines in step with the
// invocations, so an event carries the path of the instruction that emitted it (its id).
import type { Address } from '@solana/kit';
import { base64Bytes, programDataBytes } from '../../schemas/programs/event-set.js';
import type { RawTransaction } from '../raw/raw-transaction.js';

export interface Invocation {
  /** Top-level instruction index, and the position in its inner-instruction list (null at top level). */
  path: { index: number; inner: number | null };
  programId: Address;
  accounts: Address[];
  data: Uint8Array;
  /** `Program data:` payloads printed by this invocation (not by the programs it called). */
  events: Uint8Array[];
}

export interface TxView {
  raw: RawTransaction;
  signature: string;
  slot: number;
  /** Unix seconds (0 when the chain reported none). */
  blockTime: number;
  keys: Address[];
  signers: ReadonlySet<Address>;
  feePayer: Address;
  invocations: Invocation[];
  /** The logs could not be matched to the invocations (truncated or unexpected): events may be missing. */
  logsIncomplete: boolean;
}

const INVOKE = /^Program (\w+) invoke \[\d+\]$/;
const RETURN = /^Program \w+ (success|failed: .*)$/;

function invocations(raw: RawTransaction, keys: Address[]): Invocation[] {
  const key = (i: number): Address => {
    const address = keys[i];
    if (address === undefined) throw new RangeError(`account index ${i} outside the ${keys.length} keys`);
    return address;
  };
  const inner = new Map(raw.meta.innerInstructions.map((group) => [group.index, group.instructions]));
  const out: Invocation[] = [];
  raw.instructions.forEach((ix, index) => {
    out.push({ path: { index, inner: null }, programId: key(ix.programIdIndex), accounts: ix.accounts.map(key), data: base64Bytes(ix.data), events: [] });
    (inner.get(index) ?? []).forEach((child, position) => {
      out.push({
        path: { index, inner: position },
        programId: key(child.programIdIndex),
        accounts: child.accounts.map(key),
        data: base64Bytes(child.data),
        events: [],
      });
    });
  });
  return out;
}

/** Attribute `Program data:` lines; false when the logs do not follow the invocations. */
function attributeLogs(logs: readonly string[], order: Invocation[]): boolean {
  const stack: Invocation[] = [];
  let next = 0;
  for (const line of logs) {
    const invoke = INVOKE.exec(line);
    if (invoke) {
      const invocation = order[next++];
      if (!invocation || invocation.programId !== invoke[1]) return false;
      stack.push(invocation);
      continue;
    }
    if (RETURN.test(line)) {
      stack.pop();
      continue;
    }
    if (line.startsWith('Log truncated')) return false;
    const bytes = programDataBytes(line);
    if (bytes && stack.length > 0) stack[stack.length - 1]!.events.push(bytes);
  }
  return next === order.length;
}

/** The decoders' view of a raw transaction; throws RangeError when its indices are inconsistent. */
export function txView(raw: RawTransaction): TxView {
  const keys = raw.accountKeys as Address[];
  const list = invocations(raw, keys);
  const complete = attributeLogs(raw.meta.logMessages, list);
  return {
    raw,
    signature: raw.signature,
    slot: raw.slot,
    blockTime: raw.blockTime ?? 0,
    keys,
    signers: new Set(keys.slice(0, raw.numRequiredSignatures)),
    feePayer: keys[0]!,
    invocations: list,
    logsIncomplete: !complete,
  };
}
