// The analytics store: ClickHouse SQL behind one interface, embedded (chDB) or a server
// (@clickhouse/client). Both run the same statements and pass one contract test suite.

/** Query parameters for `{name:Type}` placeholders. */
export type QueryParams = Record<string, string | number | boolean | bigint | null | readonly (string | number)[]>;

export interface Olap {
  /** DDL or any statement without a result. */
  exec(sql: string, params?: QueryParams): Promise<void>;
  /** Insert rows (objects keyed by column name) into a table. */
  insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void>;
  /** Rows of a SELECT, as JSON objects; 64-bit and wider integers come back as strings. */
  query<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<T[]>;
  /** Where every write to the store passes through this process (embedded chDB): a mark of the writes so far to
   * `tables` (and of any statement that may have changed any table); equal marks mean unchanged contents. Absent
   * or null where other processes may write (a ClickHouse server): ask the store instead. With `mint`, a mark of
   * the writes of that coin's rows only (rows whose `mint` column is that coin), so a coin's answers outlive
   * writes to other coins; a table written with rows that have no `mint` column counts every write instead. */
  writeMarks?(tables: readonly string[], mint?: string): string | null;
  /** Where writeMarks are kept: the inserts so far of each coin's rows into `table`, by coin (a copy). Null where
   * the store has no marks, or the table was written with rows that have no `mint` column. */
  writtenCoins?(table: string): Map<string, number> | null;
  close(): Promise<void>;
}
