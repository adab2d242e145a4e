// The invocations of the launchpad and the pool venue in a transaction, each with its decoded
// instruction and the program events it emitted: the program id is checked first, then the
// discriminator; anything else (another program, an unknown discriminator) is left out.
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

export function launchpadCalls(tx: TxView, ctx: DecodeContext, kinds: readonly LaunchpadInstructionKind[]): ProgramCall<LaunchpadInstructionKind, LaunchpadEvent>[] {
  const out: ProgramCall<LaunchpadInstructionKind, LaunchpadEvent>[] = [];
  for (const ix of tx.invocations) {
    if (ix.programId !== ctx.config.programs.launchpad) continue;
    const kind = decodeLaunchpadInstruction(ix.data)?.kind;
    if (!kind || !kinds.includes(kind)) continue;
    const events = ix.events.map(decodeLaunchpadEvent).filter((event): event is LaunchpadEvent => event !== null);
    out.push({ ix, kind, events });
  }
  return out;
}

export function poolVenueCalls(tx: TxView, ctx: DecodeContext, kinds: readonly PoolVenueInstructionKind[]): ProgramCall<PoolVenueInstructionKind, PoolVenueEvent>[] {
  const out: ProgramCall<PoolVenueInstructionKind, PoolVenueEvent>[] = [];
  for (const ix of tx.invocations) {
    if (ix.programId !== ctx.config.programs.poolVenue) continue;
    const kind = decodePoolVenueInstruction(ix.data)?.kind;
    if (!kind || !kinds.includes(kind)) continue;
    const events = ix.events.map(decodePoolVenueEvent).filter((event): event is PoolVenueEvent => event !== null);
    out.push({ ix, kind, events });
  }
  return out;
}

/** The events of one name from a call. */
export function eventsNamed<E extends { name: string }, N extends E['name']>(events: readonly E[], name: N): Extract<E, { name: N }>[] {
  return events.filter((event): event is Extract<E, { name: N }> => event.name === name);
}
