// The creator's text a launch kept off chain (description, socials), for the coin view: read from the launch
// record at the mint, and only when that record's creator is the coin's creator on chain and the launch did
// not fail, so a stray record can never put words in another coin's mouth.
import type { OpStore } from '../../infra/opstore/op-store.js';
import { launches } from './records.js';

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
