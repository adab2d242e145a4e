// All ideas in memory for the board and the linker: a full read of the `ideas` collection costs a scan of
// the store (it keeps no secondary index), so it is read once and kept until this process writes to the
// collection (the store says so) or `maxAgeMs` passes (writes from another process, such as the import
// command, show after at most that long). A read that finds the same ideas as before answers the same array
// object, so answers built from it can be kept while it is the same. When the age has passed, the caller that
// starts the read waits for it, and callers arriving while it runs get the ideas from before; after a write of this
// process every caller waits for the read.
import type { OpStore } from '../../infra/opstore/op-store.js';
import { ideasCollection, type IdeaRecord } from './idea-records.js';

export const IDEAS_MAX_AGE_MS = 2_000;

function sameIdea(a: IdeaRecord, b: IdeaRecord): boolean {
  for (const key of Object.keys(a) as (keyof IdeaRecord)[]) {
    const x = a[key];
    const y = b[key];
    if (x === y) continue;
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  }
  return Object.keys(a).length === Object.keys(b).length;
}

const sameIdeas = (a: readonly IdeaRecord[], b: readonly IdeaRecord[]) => a.length === b.length && a.every((idea, i) => sameIdea(idea, b[i]!));

export class IdeaSnapshot {
  private cached: { at: number; ideas: IdeaRecord[] } | null = null;
  /** The ideas read last, kept through a write so an equal read keeps its object. */
  private last: IdeaRecord[] | null = null;
  private loading: Promise<IdeaRecord[]> | null = null;

  constructor(
    private readonly store: OpStore,
    private readonly maxAgeMs = IDEAS_MAX_AGE_MS,
  ) {
    store.onWrite((collection) => {
      if (collection !== ideasCollection.name) return;
      // A read under way may predate the write: the next call reads again.
      this.cached = null;
      this.loading = null;
    });
  }

  ideas(): Promise<IdeaRecord[]> {
    const cached = this.cached;
    if (cached !== null && Date.now() - cached.at < this.maxAgeMs) return Promise.resolve(cached.ideas);
    if (this.loading !== null) return cached !== null ? Promise.resolve(cached.ideas) : this.loading;
    const at = Date.now();
    const loading = this.store.query(ideasCollection).then(
      (read) => {
        const ideas = this.last !== null && sameIdeas(this.last, read) ? this.last : read;
        if (this.loading === loading) {
          this.cached = { at, ideas };
          this.last = ideas;
          this.loading = null;
        }
        return ideas;
      },
      (error: unknown) => {
        if (this.loading === loading) this.loading = null;
        throw error;
      },
    );
    this.loading = loading;
    return loading;
  }
}
