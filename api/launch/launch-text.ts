// The creator's text a launch kept off chain (description, socials), for the coin view: read from the launch
// record at the mint, and only when that record's creator is the coin's creator on chain and the launch did
// not fail, so a stray record can never put words in another coin's mouth.
//
// Kept in the read path's cache per mint: a launch written through this process's store makes every text be read
// again before it is answered; one written by another process (several API processes on one Triplit server) shows
// once the kept text is MAX_AGE_MS old, the kept one answered while it is read again. A text read again unchanged
// is the same object, so the coin's kept answer stays the same object too.
import type { OpStore } from '../../infra/opstore/op-store.js';
import type { ReadPath } from '../../projections/read-path.js';
import { launches } from './records.js';

const MAX_AGE_MS = 10_000;

export interface LaunchText {
  description: string | null;
  socials: { x: string | null; telegram: string | null; website: string | null };
}

export async function launchTextOf(opstore: OpStore | undefined, mint: string, creator: string): Promise<LaunchText | null> {
  if (!opstore) return null;
  const record = await opstore.get(launches, mint);
  if (!record || record.creator !== creator || record.state === 'abandoned') return null;
  const socials = JSON.parse(record.socials) as Partial<LaunchText['socials']>;
  return {
    description: record.description,
    socials: { x: socials.x ?? null, telegram: socials.telegram ?? null, website: socials.website ?? null },
  };
}

function sameText(a: LaunchText | null, b: LaunchText | null): boolean {
  if (a === null || b === null) return a === b;
  return a.description === b.description && a.socials.x === b.socials.x && a.socials.telegram === b.socials.telegram && a.socials.website === b.socials.website;
}

/** The launch text of the coin `mint` launched by `creator`, as kept by `reads`; null without one (or a store). */
export function keptLaunchText(reads: ReadPath, opstore: OpStore | undefined, mint: string, creator: string): LaunchText | null | Promise<LaunchText | null> {
  if (!opstore) return null;
  // Launch records written through this store so far.
  const written = reads.index('launch-writes', () => {
    const count = { writes: 0 };
    opstore.onWrite((collection) => {
      if (collection === launches.name) count.writes += 1;
    });
    return count;
  });
  const source = { tables: [], variant: String(written.writes), maxAgeMs: MAX_AGE_MS };
  return reads.answer<LaunchText | null>(`launch-text\n${mint}|${creator}`, source, async (before) => {
    const read = await launchTextOf(opstore, mint, creator);
    return sameText(before, read) ? before : read;
  });
}
