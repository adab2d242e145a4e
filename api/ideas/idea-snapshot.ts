// All ideas in memory for the board and the linker: a full read of the `ideas` collection costs a scan of
// the store (it keeps no secondary index), so it is read once and kept until this process writes to the
// collection (the store says so) or `maxAgeMs` passes (writes from another process, such as the import
// command, show after at most that long).
import type { OpStore } from '../../infra/opstore/op-store.js';
import { ideasCollection, type IdeaRecord } from './idea-records.js';

export const IDEAS_MAX_AGE_MS = 2_000;

export class IdeaSnapshot {
  private cached: { at: number; ideas: IdeaRecord[] } | null = null;
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
    if (this.cached !== null && Date.now() - this.cached.at < this.maxAgeMs) return Promise.resolve(this.cached.ideas);
    if (this.loading === null) {
      const at = Date.now();
      const loading = this.store.query(ideasCollection).then(
        (ideas) => {
          if (this.loading === loading) {
            this.cached = { at, ideas };
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
    }
    return this.loading;
  }
}
