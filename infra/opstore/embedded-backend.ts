// The embedded operational store: Triplit's database engine in this process, set up as a Triplit server
// sets up its own (server entity store, server clock), over SQLite (better-sqlite3) in one file.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { createDB, ServerEntityStore, type DB } from '@triplit/db';
import { SQLiteKVStore } from '@triplit/db/storage/sqlite';
import type { ChangeSet, StoredRecord, TriplitBackend, TriplitQuery } from './triplit-backend.js';

export class EmbeddedTriplitBackend implements TriplitBackend {
  private constructor(
    private readonly db: DB,
    private readonly kv: SQLiteKVStore,
    private readonly sqlite: Database.Database,
  ) {}

  /** Opens (or creates) the store in `file`; `:memory:` keeps it in memory. */
  static async open(file: string): Promise<EmbeddedTriplitBackend> {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new Database(file);
    const kv = new SQLiteKVStore(sqlite);
    try {
      const { db, event } = await createDB({ clientId: 'server', entityStore: new ServerEntityStore(), kv });
      if (event.type !== 'SUCCESS') throw new Error(`operational store did not open: ${event.type}`);
      return new EmbeddedTriplitBackend(db, kv, sqlite);
    } catch (error) {
      stopWalGuard(kv);
      sqlite.close();
      throw error;
    }
  }

  async fetch(query: TriplitQuery): Promise<StoredRecord[]> {
    return (await this.db.fetch(query as Parameters<DB['fetch']>[0])) as StoredRecord[];
  }

  async apply(changes: ChangeSet): Promise<void> {
    const triplitChanges = Object.fromEntries(changes) as Parameters<DB['applyChangesWithTimestamp']>[0];
    await this.db.applyChangesWithTimestamp(triplitChanges, this.db.clock.next(), { skipRules: true });
  }

  async close(): Promise<void> {
    stopWalGuard(this.kv);
    this.sqlite.close();
  }
}

/** The SQLite store checks its WAL size every minute and never stops on its own; stop it with the file. */
export function stopWalGuard(kv: SQLiteKVStore): void {
  const guard = (kv as unknown as { walGuard?: ReturnType<typeof setInterval> }).walGuard;
  if (guard !== undefined) clearInterval(guard);
}
