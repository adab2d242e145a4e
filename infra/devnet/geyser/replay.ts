// `fromSlot` replay. Yellowstone replays every message of slots >= fromSlot that it still holds, in
// the order they happened, then continues live. Here the bank's retained blocks are the store: a
// replay rewinds the session's step cursor to fromSlot and leaves out messages of older slots in
// the steps already taken, so replay and live delivery meet at a step boundary, with no gap and no
// duplicate. A fromSlot older than retention fails with Yellowstone's OUT_OF_RANGE status and text.
import { status as GrpcStatus } from '@grpc/grpc-js';
import type { Bank } from '../ledger/bank.js';

/** Replays need at least this many recent slots kept by the bank. */
export const MIN_REPLAY_SLOTS = 10_000;

/** The oldest slot a replay can start from (the oldest retained block). */
export function firstAvailableSlot(bank: Bank): number {
  const latest = bank.latestBlock.slot;
  let slot = bank.firstRetainedSlot;
  while (slot < latest && !bank.getBlock(slot)) slot++;
  return slot;
}

export type ReplayStart = { ok: true; cursor: number; floor: number; floorUntil: number } | { ok: false; code: GrpcStatus; details: string };

/** Where a session's cursor goes for `fromSlot`; null when fromSlot is ahead of the chain (stay live). */
export function replayStart(bank: Bank, fromSlot: number): ReplayStart | null {
  const first = firstAvailableSlot(bank);
  if (fromSlot < first) {
    return { ok: false, code: GrpcStatus.OUT_OF_RANGE, details: `broadcast from ${fromSlot} is not available, last available: ${first}` };
  }
  const latest = bank.latestBlock.slot;
  if (fromSlot > latest) return null;
  return { ok: true, cursor: fromSlot, floor: fromSlot, floorUntil: latest };
}

/** The bank must keep enough blocks for replays; raising its retention only keeps more history. */
export function ensureReplayRetention(bank: Bank): void {
  if (bank.options.retainSlots < MIN_REPLAY_SLOTS) bank.options.retainSlots = MIN_REPLAY_SLOTS;
}
