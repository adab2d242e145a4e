// A launch in flight moves forward only here: submit, confirm, status and the background sweep all call
// `advance`, under the launch's lock. It reads the chain (signature statuses, block height) and moves the
// record: sending -> the next transaction is sent once the previous one is confirmed -> confirmed; or
// abandoned when a transaction failed or its blockhash expired before it landed. Abandoning gives back what
// the launch held: its address-pool mint and its sponsor reservation. The lock is the process's: API processes
// sharing one operational store each sweep, so a step is judged by what the chain holds, never by the record alone.
import { getBase58Decoder } from '@solana/kit';
import type { LaunchContext } from './launch-context.js';
import { launches, launchesInFlight, type LaunchRecord } from './records.js';
import { releaseSponsorship } from './sponsorship.js';

const base58 = getBase58Decoder();

export function signatureOf(wire: string): string {
  // The first signature of a wire transaction: after the one-byte signature count.
  return base58.decode(Buffer.from(wire, 'base64').subarray(1, 65));
}

async function update(lc: LaunchContext, record: LaunchRecord, patch: Partial<LaunchRecord>): Promise<LaunchRecord> {
  const { id: _id, ...rest } = patch;
  return lc.opstore.update(launches, record.id, { ...rest, updatedAt: lc.now().getTime() });
}

/** Give up on a launch that can no longer land, and free what it held. */
export async function abandon(lc: LaunchContext, record: LaunchRecord, reason: string): Promise<LaunchRecord> {
  const after = await lc.opstore.transact(async (tx) => {
    const patch = { state: 'abandoned' as const, reason, updatedAt: lc.now().getTime() };
    await tx.delete(launchesInFlight, record.id);
    if (record.sponsored) await releaseSponsorship(tx, record.id);
    return tx.update(launches, record.id, patch);
  });
  if (record.mintSource === 'pool' && lc.keys) await lc.keys.releasePoolMint(record.id).catch(() => undefined);
  return after;
}

function chainErrorText(err: unknown): string {
  return typeof err === 'string' ? err : JSON.stringify(err, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** One step forward from what the chain shows now; returns the record as it is after. */
export async function advance(lc: LaunchContext, record: LaunchRecord): Promise<LaunchRecord> {
  if (record.state === 'confirmed' || record.state === 'abandoned') return record;
  const height = await lc.chain.blockHeight();
  const expired = height > BigInt(record.lastValidBlockHeight);
  if (record.state === 'prepared') {
    return expired ? abandon(lc, record, 'the prepared transactions expired before they were submitted; prepare the launch again') : record;
  }
  // Submit sends the first transaction itself and records that once the chain has taken it, so whatever the record
  // says, the first is looked for on the chain and never sent from here: another process's sweep may read the record
  // while that send is under way.
  const sent = Math.max(record.sent, 1);
  const statuses = await lc.chain.statuses(record.signatures.slice(0, sent));
  for (const [i, status] of statuses.entries()) {
    if (status?.err) {
      const what = record.signed.length > 1 ? `transaction ${i + 1} of ${record.signed.length}` : 'the transaction';
      return abandon(lc, record, `${what} failed on chain: ${chainErrorText(status.err)}`);
    }
  }
  const landed = statuses.every((s) => s !== null && (s.confirmationStatus === 'confirmed' || s.confirmationStatus === 'finalized'));
  if (!landed) {
    const seen = statuses.every((s) => s !== null);
    return expired && !seen ? abandon(lc, record, 'the blockhash expired before the transactions landed; prepare the launch again') : record;
  }
  if (sent < record.signed.length) {
    if (expired) return abandon(lc, record, 'the blockhash expired before the last transaction could be sent; prepare the launch again');
    const outcome = await lc.chain.send(record.signed[sent]!);
    // Another process following the launch may have sent it first: the chain refusing one it already has is no refusal.
    if (!outcome.ok && (await lc.chain.statuses([record.signatures[sent]!]))[0] === null) {
      return abandon(lc, record, `the chain refused transaction ${sent + 1}: ${outcome.error}`);
    }
    return update(lc, record, { sent: sent + 1 });
  }
  const slot = Math.max(...statuses.map((s) => s!.slot));
  const after = await lc.opstore.transact(async (tx) => {
    await tx.delete(launchesInFlight, record.id);
    return tx.update(launches, record.id, { state: 'confirmed', landedSlot: slot, updatedAt: lc.now().getTime() });
  });
  if (record.mintSource === 'pool' && lc.keys) await lc.keys.retirePoolMint(record.id).catch(() => undefined);
  return after;
}

/** Advance under the launch's lock, re-reading the record first. */
export function advanceLocked(lc: LaunchContext, mint: string): Promise<LaunchRecord | null> {
  return lc.withLock(`launch:${mint}`, async () => {
    const record = await lc.opstore.get(launches, mint);
    return record ? advance(lc, record) : null;
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Advance until the launch is confirmed or abandoned, or `waitMs` passed (the caller holds the lock). */
export async function advanceFor(lc: LaunchContext, record: LaunchRecord, waitMs: number): Promise<LaunchRecord> {
  const until = Date.now() + waitMs;
  let current = await advance(lc, record);
  while (current.state === 'sending' && Date.now() < until) {
    await sleep(lc.pollMs);
    current = await advance(lc, current);
  }
  return current;
}

/** The background sweep: advance launches in flight, and abandon prepared ones whose blockhash expired (a
 * blockhash lives about a minute, so younger prepared launches are left alone). */
export async function sweep(lc: LaunchContext): Promise<void> {
  const now = lc.now().getTime();
  const open = await lc.opstore.query(launchesInFlight, { order: [['since', 'ASC']], limit: 500 });
  for (const entry of open) {
    if (entry.state === 'prepared' && entry.since > now - 60_000) continue;
    await advanceLocked(lc, entry.id);
  }
}
