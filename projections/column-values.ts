// Column values the projectors share.
import type { LoggedEvent } from './projector.js';

/** Unix seconds as 'YYYY-MM-DD HH:MM:SS.mmm' (UTC), the text both engines read into DateTime64(3, 'UTC'). */
export function dateTime64(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace('T', ' ').replace('Z', '');
}

/** A UInt128 that grows with chain order: slot in the high 64 bits, log offset in the low 64 bits. Versions of
 * ReplacingMergeTree tables holding the latest state of something. */
export function chainVersion(slot: number, offset: bigint): bigint {
  return (BigInt(slot) << 64n) | BigInt.asUintN(64, offset);
}

/** Where an event sits, as the tables that keep a row per event name it: its id, transaction, slot, block time and
 * log offset. */
export function eventPosition({ event, offset }: LoggedEvent) {
  return { eventId: event.id, signature: event.signature, slot: event.slot, time: dateTime64(event.blockTime), logOffset: offset };
}
