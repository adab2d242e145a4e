// The embedded analytics store: ClickHouse in-process through chDB, persisted in one directory. A chDB
// session runs one statement at a time, so every call goes through a serial queue; statements use the
// async API, so the engine works off the event loop. chDB allows one data path per process: every
// ChdbOlap opened on the same path in a process shares one session and one queue (the last close closes it);
// opening a second, different path while one is open fails.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Session } from 'chdb';
import type { Olap, QueryParams } from './olap.js';
import { checkTableName, olapError, OlapError } from './olap-error.js';
import { insertColumns, OLAP_SETTINGS, parseJsonEachRow, toJsonCompactEachRow } from './json-rows.js';
import { SerialQueue } from './serial-queue.js';

const CONNECTION_ARGS = Object.entries(OLAP_SETTINGS).map(([name, value]) => `--${name}=${value}`);

interface SharedSession {
  session: Session;
  queue: SerialQueue;
  handles: number;
}

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
        shared = { session: new Session(key, { connectionArgs: CONNECTION_ARGS }), queue: new SerialQueue(), handles: 0 };
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
      await this.statement(sql, params, 'TabSeparated');
    });
  }

  query<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<T[]> {
    return this.run(sql, async () => parseJsonEachRow<T>(await this.statement(sql, params, 'JSONEachRow')));
  }

  async insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
    checkTableName(table);
    if (rows.length === 0) return;
    // The rows are encoded when the insert's turn comes, not when it is queued: a batch queues all its tables at
    // once, and encoding them together would hold the event loop for all of them.
    await this.run(`INSERT INTO ${table} FORMAT JSONCompactEachRow`, async () => {
      const columns = insertColumns(rows);
      await this.shared.session.insert({ table, columns, values: Buffer.from(toJsonCompactEachRow(rows, columns)), format: 'JSONCompactEachRow' });
    });
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
