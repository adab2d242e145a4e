// The event envelope `{ id, type, network, slot, blockTime, signature, data, v }` and the helper that types one event.
import { z } from 'zod';
import { signature, slot } from './fields.js';
import { eventId } from './ids.js';

/** Version of the event schemas; bumped when a data shape changes incompatibly. */
export const EVENT_SCHEMA_VERSION = 1;

/** Name of the chain an event came from, e.g. `mainnet` or `devnet`. */
export const network = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, { error: 'expected a network name like mainnet' });

/** Envelope fields every event carries besides `type` and `data`. */
export const envelopeFields = {
  /** Deterministic id (schemas/events/ids.ts), starting with the transaction's signature. */
  id: eventId,
  network,
  /** Slot of the transaction. */
  slot,
  /** Block time of that slot, unix seconds. */
  blockTime: z.int().nonnegative(),
  /** Signature of the transaction the fact comes from. */
  signature,
  /** Schema version the event was written with. */
  v: z.literal(EVENT_SCHEMA_VERSION),
};

function checkIdMatchesSignature(event: { id: string; signature: string }, ctx: z.RefinementCtx): void {
  if (!event.id.startsWith(`${event.signature}:`)) {
    ctx.addIssue({ code: 'custom', path: ['id'], message: 'id must start with the event signature' });
  }
}

/** Any event with its envelope checked and its data left unread, for code that only routes events. */
export const envelope = z.strictObject({ ...envelopeFields, type: z.string().min(1), data: z.unknown() }).superRefine(checkIdMatchesSignature);

/** The full schema of one event type: the envelope with a literal `type` and that type's `data`. */
export function defineEvent<const T extends string, D extends z.ZodType>(type: T, data: D) {
  return z.strictObject({ ...envelopeFields, type: z.literal(type), data }).superRefine(checkIdMatchesSignature);
}

export type Envelope = z.infer<typeof envelope>;
