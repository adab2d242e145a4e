// A simulated devnet run decoded end to end, shared by the decoder specs: every landed transaction in
// its raw-tx form, the events decoded from them (validated), and look-ups by signature and action.
import type { Address } from '@solana/kit';
import type { Devnet } from '../../infra/devnet/devnet.js';
import type { SimAction, SimActionKind } from '../../infra/devnet/simulator/action-log.js';
import { decodeContext, decodeTransaction, type DecodeContext, type EventDraft } from '../../ingest/decoders/index.js';
import { KnownCoins } from '../../ingest/known-coins/known-coins.js';
import type { RawTransaction } from '../../ingest/raw/raw-transaction.js';
import { safeParseEvent, type Event, type EventOf, type EventType } from '../../schemas/events/index.js';
import { CONFIG, rawOf, startSimulatedDevnet } from './chain-fixture.js';

export interface DecodedRun {
  devnet: Devnet;
  seed: number;
  lastSlot: number;
  raws: RawTransaction[];
  rawBySignature: Map<string, RawTransaction>;
  events: Event[];
  /** Drafts that failed validation, with the reason. */
  invalid: { draft: EventDraft; error: string }[];
  /** The context after the run (knows every coin). */
  ctx: DecodeContext;
  actions(kind: SimActionKind): SimAction[];
  eventsOf<T extends EventType>(type: T, signature?: string | null): EventOf<T>[];
}

export function decodeAll(raws: readonly RawTransaction[], ctx: DecodeContext): { events: Event[]; invalid: DecodedRun['invalid'] } {
  const events: Event[] = [];
  const invalid: DecodedRun['invalid'] = [];
  for (const raw of raws) {
    for (const draft of decodeTransaction(raw, ctx)) {
      const parsed = safeParseEvent(draft);
      if (parsed.success) events.push(parsed.data);
      else invalid.push({ draft, error: parsed.error.message });
    }
  }
  return { events, invalid };
}

export async function decodedRun(seed: number, slots: number): Promise<DecodedRun> {
  const devnet = await startSimulatedDevnet(seed);
  const blocks = devnet.step(slots);
  const raws = blocks
    .flatMap((block) => block.transactions)
    .filter((tx) => tx.meta.err === null)
    .map(rawOf);
  const ctx = decodeContext(CONFIG, new KnownCoins());
  const { events, invalid } = decodeAll(raws, ctx);
  const bySignature = new Map<string, Event[]>();
  for (const event of events) bySignature.set(event.signature, [...(bySignature.get(event.signature) ?? []), event]);
  return {
    devnet,
    seed,
    lastSlot: blocks.at(-1)!.slot,
    raws,
    rawBySignature: new Map(raws.map((raw) => [raw.signature, raw])),
    events,
    invalid,
    ctx,
    actions: (kind) => devnet.simulator!.log.ofKind(kind).filter((action) => action.ok),
    eventsOf: <T extends EventType>(type: T, signature?: string | null) =>
      (signature === undefined ? events : (bySignature.get(signature ?? '') ?? [])).filter((e): e is EventOf<T> => e.type === type),
  };
}

/** Detail field of an action as a string. */
export function detail(action: SimAction, field: string): string {
  const value = action.detail[field];
  if (value === undefined || value === null) throw new Error(`action ${action.kind} has no ${field}`);
  return String(value);
}

export const asAddress = (value: string): Address => value as Address;
