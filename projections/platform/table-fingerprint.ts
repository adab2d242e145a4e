// A fingerprint of what some tables hold, for answers worth keeping while their inputs stay the same: the
// active parts of the tables with each part's checksum. MergeTree parts are immutable, so every insert, merge,
// mutation, drop or rebuild changes the fingerprint, and nothing else does. Costs a look at system.parts only, and
// nothing where the store counts every write itself (Olap.writeMarks: embedded chDB).
import type { Olap } from '../../infra/olap/olap.js';

export async function tablesFingerprint(olap: Olap, tables: readonly string[]): Promise<string> {
  const marks = olap.writeMarks?.(tables);
  if (typeof marks === 'string') return `marks:${marks}`;
  const [row] = await olap.query<{ parts: string; hash: string }>(
    `SELECT count() AS parts, toString(sum(cityHash64(table, name, hash_of_all_files))) AS hash
    FROM system.parts
    WHERE active AND database = currentDatabase() AND table IN {tables:Array(String)}`,
    { tables: [...tables] },
  );
  return `${row?.parts ?? 0}:${row?.hash ?? 0}`;
}
