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
  close(): Promise<void>;
}
