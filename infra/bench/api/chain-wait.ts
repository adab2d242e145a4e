// Waiting for a transaction as a wallet does: getSignatureStatuses until the chain says it is confirmed. Polled every
// 20 ms by default, a small fraction of the devnet's 400 ms slot, so a measured confirmation is the chain's and not
// the polling's. And a pause to a random point of a slot before a timed send: a loop that sends again as soon as its
// last transaction confirmed sends right after a slot boundary, every time, and would measure the worst case (the
// whole working slot, then the confirming one) instead of what buyers arriving at any moment see.
import type { Rpc, Signature, SolanaRpcApi } from '@solana/kit';
import type { BenchRandom } from './bench-random.js';

export const CONFIRM_POLL_MS = 20;
/** The bench devnet's slot (its realtime default). */
export const DEVNET_SLOT_MS = 400;
const CONFIRM_TIMEOUT_MS = 30_000;

/** Resolves once `signature` is confirmed (or finalized); throws when it failed on chain or did not land in 30 s. */
export async function waitConfirmed(rpc: Rpc<SolanaRpcApi>, signature: Signature, pollMs = CONFIRM_POLL_MS): Promise<void> {
  const deadline = performance.now() + CONFIRM_TIMEOUT_MS;
  for (;;) {
    const [status] = (await rpc.getSignatureStatuses([signature]).send()).value;
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') {
      if (status.err !== null)
        throw new Error(`${signature} failed on chain: ${JSON.stringify(status.err, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
      return;
    }
    if (performance.now() > deadline) throw new Error(`${signature} was not confirmed within ${CONFIRM_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Waits a random part of a slot (untimed), so the next send lands at a random point of it. */
export function randomSlotPhase(random: BenchRandom): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, random.next() * DEVNET_SLOT_MS));
}
