// The invocations of the launchpad and the pool venue in a transaction, each with its decoded
// instruction and the program events it emitted: the program id is checked first, then the
// discriminator; anything else (another program, an unknown discriminator) is left out. Each invocation is
// decoded once per transaction however many decoders ask.
import { decodeLaunchpadEvent, type LaunchpadEvent } from '../../schemas/programs/launchpad/events.js';
import { decodeLaunchpadInstruction, type LaunchpadInstructionKind } from '../../schemas/programs/launchpad/instructions.js';
import { decodePoolVenueEvent, type PoolVenueEvent } from '../../schemas/programs/pool-venue/events.js';
import { decodePoolVenueInstruction, type PoolVenueInstructionKind } from '../../schemas/programs/pool-venue/instructions.js';
import type { DecodeContext } from './context.js';
import type { Invocation, TxView } from './tx-view.js';

export interface ProgramCall<K extends string, E> {
  ix: Invocation;
  kind: K;
  events: E[];
}

export function launchpadCalls(
  tx: TxView,
  ctx: DecodeContext,
  kinds: readonly LaunchpadInstructionKind[],
): ProgramCall<LaunchpadInstructionKind, LaunchpadEvent>[] {
  return programCalls(tx, ctx.config.programs.launchpad, decodeLaunchpadInstruction, decodeLaunchpadEvent, kinds);
}

export function poolVenueCalls(
  tx: TxView,
  ctx: DecodeContext,
  kinds: readonly PoolVenueInstructionKind[],
): ProgramCall<PoolVenueInstructionKind, PoolVenueEvent>[] {
  return programCalls(tx, ctx.config.programs.poolVenue, decodePoolVenueInstruction, decodePoolVenueEvent, kinds);
}

/** A program's invocations in a transaction with their decoded kind; the events of each are decoded the first
 * time a decoder asks for its kind. Every decoder of a program asks, so this is kept per transaction view. */
interface DecodedCall {
  ix: Invocation;
  kind: string;
  events: unknown[] | null;
}

const decodedCalls = new WeakMap<TxView, Map<string, DecodedCall[]>>();

function programCalls<K extends string, E>(
  tx: TxView,
  programId: string,
  decodeInstruction: (data: Uint8Array) => { kind: K } | null,
  decodeEvent: (bytes: Uint8Array) => E | null,
  kinds: readonly K[],
): ProgramCall<K, E>[] {
  let byProgram = decodedCalls.get(tx);
  if (!byProgram) decodedCalls.set(tx, (byProgram = new Map()));
  let calls = byProgram.get(programId);
  if (!calls) {
    calls = [];
    for (const ix of tx.invocations) {
      if (ix.programId !== programId) continue;
      const kind = decodeInstruction(ix.data)?.kind;
      if (kind) calls.push({ ix, kind, events: null });
    }
    byProgram.set(programId, calls);
  }
  const out: ProgramCall<K, E>[] = [];
  for (const call of calls) {
    if (!(kinds as readonly string[]).includes(call.kind)) continue;
    call.events ??= call.ix.events.map(decodeEvent).filter((event): event is E => event !== null);
    out.push({ ix: call.ix, kind: call.kind as K, events: call.events as E[] });
  }
  return out;
}

/** The events of one name from a call. */
export function eventsNamed<E extends { name: string }, N extends E['name']>(events: readonly E[], name: N): Extract<E, { name: N }>[] {
  return events.filter((event): event is Extract<E, { name: N }> => event.name === name);
}
