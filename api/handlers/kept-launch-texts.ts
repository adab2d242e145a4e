// The creator's launch text of each coin (api/launch/launch-text.ts) kept per mint for `GET /coins/{mint}`, which
// otherwise reads the operational store on every request. A launch record changes only when a launch is written:
// a write by this process to the launches collection makes every text be read again before it is answered; a write
// by another process (several API processes on one Triplit server) shows after at most MAX_AGE_MS, the kept text
// being answered while it is read again. A text read again with the same content keeps its object, so the coin's
// kept answer stays the same object too. At most MAX_KEPT mints (the least recently read go first).
import type { OpStore } from '../../infra/opstore/op-store.js';
import { launchTextOf, type LaunchText } from '../launch/launch-text.js';
import { launches } from '../launch/records.js';

const MAX_AGE_MS = 10_000;
/** About 100 bytes a text: 20,000 mints are a few MB. */
const MAX_KEPT = 20_000;

interface Entry {
  creator: string;
  /** The store's launch writes seen when it was read. */
  writes: number;
  readAt: number;
  text: LaunchText | null;
  rereading: boolean;
}

function sameText(a: LaunchText | null, b: LaunchText | null): boolean {
  if (a === null || b === null) return a === b;
  return a.description === b.description && a.socials.x === b.socials.x && a.socials.telegram === b.socials.telegram && a.socials.website === b.socials.website;
}

export class KeptLaunchTexts {
  private readonly entries = new Map<string, Entry>();
  private writes = 0;

  constructor(
    private readonly opstore: OpStore | undefined,
    private readonly maxAgeMs = MAX_AGE_MS,
  ) {
    opstore?.onWrite((collection) => {
      if (collection === launches.name) this.writes += 1;
    });
  }

  /** The launch text of the coin `mint` launched by `creator`; null without one (or without a store). */
  get(mint: string, creator: string): LaunchText | null | Promise<LaunchText | null> {
    if (this.opstore === undefined) return null;
    const entry = this.entries.get(mint);
    if (entry === undefined || entry.creator !== creator || entry.writes !== this.writes) return this.read(mint, creator, entry);
    if (Date.now() - entry.readAt >= this.maxAgeMs && !entry.rereading) {
      entry.rereading = true;
      this.read(mint, creator, entry).catch(() => {
        entry.rereading = false;
      });
    }
    return entry.text;
  }

  private async read(mint: string, creator: string, before: Entry | undefined): Promise<LaunchText | null> {
    const writes = this.writes;
    const readAt = Date.now();
    const read = await launchTextOf(this.opstore, mint, creator);
    const text = before !== undefined && before.creator === creator && sameText(before.text, read) ? before.text : read;
    const current = this.entries.get(mint);
    // A write seen while reading leaves the entry to be read again.
    if (current === undefined || current.readAt <= readAt) {
      this.entries.delete(mint);
      this.entries.set(mint, { creator, writes, readAt, text, rereading: false });
      if (this.entries.size > MAX_KEPT) this.entries.delete(this.entries.keys().next().value!);
    }
    return text;
  }
}
