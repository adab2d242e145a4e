// The embedded analytics store: ClickHouse in-process through chDB, persisted in one directory. A chDB
// session runs one statement at a time, so every call goes through a serial queue; statements use the
// async API, so the engine works off the event loop. chDB allows one data path per process: every
// ChdbOlap opened on the same path in a process shares one session and one queue (the last close closes it);
// opening a second, different path while one is open fails. So every write goes through this process: the shared
// session counts inserts per table (and any other statement that may write), which readers use as an exact, free
// mark of whether a table changed (writeMarks), and per coin (rows' `mint` column) so a coin's answers outlive
// writes to other coins.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Session } from 'chdb';
import type { Olap, QueryParams } from './olap.js';
import { checkTableName, olapError, OlapError } from './olap-error.js';
import { OLAP_SETTINGS, parseJsonEachRow, toJsonEachRow } from './json-rows.js';
import { SerialQueue } from './serial-queue.js';

const CONNECTION_ARGS = Object.entries(OLAP_SETTINGS).map(([name, value]) => `--${name}=${value}`);

interface SharedSession {
  session: Session;
  queue: SerialQueue;
  handles: number;
  /** Inserts finished per table, and statements other than inserts and reads (DDL, drops, mutations) finished. */
  inserts: Map<string, number>;
  /** Inserts finished per table and coin (the rows' `mint` column); tables written with rows without one are in
   * `unkeyed`, and their per-coin marks fall back to the table's count. */
  coinInserts: Map<string, Map<string, number>>;
  unkeyed: Set<string>;
  otherWrites: number;
}

const READ_STATEMENT = /^\s*(SELECT|WITH|SHOW|DESCRIBE|DESC|EXPLAIN|EXISTS)\b/i;

const sessions = new Map<string, SharedSession>();

export class ChdbOlap implements Olap {
  private closed = false;

  private constructor(
    private readonly path: string,
    private readonly shared: SharedSession,
  ) {}

  /** Open (creating when missing) the store in `path`. */
  static open(path: string): ChdbOlap {
    const key = resolve(path);
    let shared = sessions.get(key);
    if (shared === undefined) {
      mkdirSync(key, { recursive: true });
      try {
        shared = { session: new Session(key, { connectionArgs: CONNECTION_ARGS }), queue: new SerialQueue(), handles: 0, inserts: new Map(), coinInserts: new Map(), unkeyed: new Set(), otherWrites: 0 };
      } catch (error) {
        throw olapError(`open chDB session at ${key}`, error);
      }
      sessions.set(key, shared);
    }
    shared.handles += 1;
    return new ChdbOlap(key, shared);
  }

  exec(sql: string, params?: QueryParams): Promise<void> {
    return this.run(sql, async () => {
      try {
        await this.statement(sql, params, 'TabSeparated');
      } finally {
        if (!READ_STATEMENT.test(sql)) this.shared.otherWrites += 1;
      }
    });
  }

  query<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<T[]> {
    return this.run(sql, async () => {
      try {
        return parseJsonEachRow<T>(await this.statement(sql, params, 'JSONEachRow'));
      } finally {
        if (!READ_STATEMENT.test(sql)) this.shared.otherWrites += 1;
      }
    });
  }

  writeMarks(tables: readonly string[], mint?: string): string {
    const { inserts, coinInserts, unkeyed } = this.shared;
    const count = (table: string) =>
      mint === undefined || unkeyed.has(table) ? (inserts.get(table) ?? 0) : `${mint}=${coinInserts.get(table)?.get(mint) ?? 0}`;
    return `${this.shared.otherWrites}:${tables.map(count).join(',')}`;
  }

  writtenCoins(table: string): Map<string, number> | null {
    const { coinInserts, unkeyed } = this.shared;
    return unkeyed.has(table) ? null : new Map(coinInserts.get(table));
  }

  async insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
    checkTableName(table);
    if (rows.length === 0) return;
    const values = Buffer.from(toJsonEachRow(rows));
    await this.run(`INSERT INTO ${table} FORMAT JSONEachRow`, async () => {
      try {
        await this.shared.session.insert({ table, values, format: 'JSONEachRow' });
      } finally {
        this.shared.inserts.set(table, (this.shared.inserts.get(table) ?? 0) + 1);
        this.countCoins(table, rows);
      }
    });
  }

  /** Counts the insert once for each coin among `rows`. */
  private countCoins(table: string, rows: readonly Record<string, unknown>[]): void {
    const { coinInserts, unkeyed } = this.shared;
    let coins = coinInserts.get(table);
    if (coins === undefined) coinInserts.set(table, (coins = new Map()));
    const seen = new Set<string>();
    for (const row of rows) {
      const mint = row.mint;
      if (typeof mint !== 'string') {
        unkeyed.add(table);
        continue;
      }
      if (seen.has(mint)) continue;
      seen.add(mint);
      coins.set(mint, (coins.get(mint) ?? 0) + 1);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.shared.handles -= 1;
    if (this.shared.handles > 0) return;
    sessions.delete(this.path);
    await this.shared.queue.idle();
    this.shared.session.close();
  }

  private async statement(sql: string, params: QueryParams | undefined, format: string): Promise<string> {
    const session = this.shared.session;
    const result =
      params === undefined || Object.keys(params).length === 0
        ? await session.queryAsync(sql, { format })
        : await session.queryBindAsync(sql, params, { format });
    return result.text();
  }

  private run<T>(statement: string, task: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new OlapError('olap: the chDB store is closed', statement));
    return this.shared.queue.run(async () => {
      try {
        return await task();
      } catch (error) {
        throw olapError(statement, error);
      }
    });
  }
}
