// The changes a reader can see where another process writes the read models (the projections apart from the API,
// on a ClickHouse server): every `intervalMs` one look at the active parts of the read-model tables, and a table
// whose parts moved (an insert, merge, mutation or drop makes new parts; nothing else does) announced as changed for
// every coin. Coarser than the projections' own announcements (no coins, no events) and up to one interval late,
// but the same feed, so the reader keeps its answers the same way.
import type { Olap } from '../infra/olap/olap.js';
import { ChangePublisher, type ChangeFeed } from './changes.js';

export interface PartsWatch {
  feed: ChangeFeed;
  stop(): void;
}

const PARTS_SQL = `
  SELECT table, toString(count()) AS parts, toString(sum(cityHash64(name, hash_of_all_files))) AS hash
  FROM system.parts
  WHERE active AND database = currentDatabase() AND table IN {tables:Array(String)}
  GROUP BY table`;

export function watchParts(olap: Olap, tables: readonly string[], intervalMs: number, onError: (error: unknown) => void): PartsWatch {
  const publisher = new ChangePublisher(onError);
  let seen: Map<string, string> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const look = async () => {
    try {
      const rows = await olap.query<{ table: string; parts: string; hash: string }>(PARTS_SQL, { tables: [...tables] });
      const now = new Map(tables.map((table) => [table, '']));
      for (const row of rows) now.set(row.table, `${row.parts}:${row.hash}`);
      const moved = seen === null ? [] : tables.filter((table) => now.get(table) !== seen!.get(table));
      seen = now;
      if (moved.length > 0) publisher.publish({ events: [], lastSlot: null, tables: new Map(moved.map((table) => [table, null])) });
    } catch (error) {
      onError(error);
    }
    if (!stopped) (timer = setTimeout(look, intervalMs)).unref();
  };
  void look();
  return {
    feed: publisher.feed,
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
    },
  };
}
