// The analytics store on a ClickHouse server through @clickhouse/client: JSONCompactEachRow inserts, JSONEachRow reads,
// `{name:Type}` parameters bound by the server. The same statements run here as on chDB.
import { createClient, type ClickHouseClient } from '@clickhouse/client';
import type { Olap, QueryParams } from './olap.js';
import { checkTableName, olapError } from './olap-error.js';
import { insertColumns, OLAP_SETTINGS, rowValues, stringifyRow } from './json-rows.js';

export interface ClickhouseOlapOptions {
  /** Server URL, e.g. http://user:password@host:8123/database. */
  url: string;
}

/** Client options every ClickhouseOlap needs: the shared output settings, and rows serialised with bigint
 * values as exact decimal strings. */
export const CLIENT_DEFAULTS = {
  clickhouse_settings: { ...OLAP_SETTINGS },
  json: { stringify: stringifyRow, parse: JSON.parse },
};

/** Parameters as the client formats them: bigint and arrays pass through, null stays NULL. */
type ClientParams = Record<string, unknown>;

export class ClickhouseOlap implements Olap {
  constructor(private readonly client: ClickHouseClient) {}

  /** Connect to a server; nothing is sent until the first statement. */
  static connect(options: ClickhouseOlapOptions): ClickhouseOlap {
    return new ClickhouseOlap(createClient({ url: options.url, ...CLIENT_DEFAULTS }));
  }

  async exec(sql: string, params?: QueryParams): Promise<void> {
    try {
      await this.client.command({ query: sql, query_params: params as ClientParams | undefined });
    } catch (error) {
      throw olapError(sql, error);
    }
  }

  async query<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<T[]> {
    try {
      const result = await this.client.query({
        query: sql,
        query_params: params as ClientParams | undefined,
        format: 'JSONEachRow',
      });
      return await result.json<T>();
    } catch (error) {
      throw olapError(sql, error);
    }
  }

  async insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
    checkTableName(table);
    if (rows.length === 0) return;
    const columns = insertColumns(rows);
    try {
      await this.client.insert({
        table,
        columns: columns as [string, ...string[]],
        values: rows.map((row) => rowValues(row, columns)),
        format: 'JSONCompactEachRow',
      });
    } catch (error) {
      throw olapError(`INSERT INTO ${table} FORMAT JSONCompactEachRow`, error);
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
