// Helpers for runner integration tests: append events to the log keyed by mint, read every projection table
// back as sorted rows, recompute candles from trade events (with the decimals the coin's launch event states) and
// read them as the candle window loads them, and stores that fail on cue to stand in for a crash between the write and the commit.
import type { AppendRecord, EventLog, LogPosition, LogRecord, PollOptions } from '../../infra/event-log/event-log.js';
import { TOPICS } from '../../infra/event-log/event-log.js';
import type { Olap, QueryParams } from '../../infra/olap/olap.js';
import { CandleWindow } from '../../api/views/candle-window.js';
import { coinSlices } from '../../api/views/live-views.js';
import { type Candle, INTERVAL_SECONDS, type Interval } from '../../schemas/api/ohlcv.js';
import type { Projector } from '../../projections/projector.js';
import type { ProjectionRunner } from '../../projections/runner.js';
import type { PriceDecimals } from '../../schemas/api/price.js';
import type { Event, TradeEvent } from '../../schemas/events/index.js';
import { expectedCandlesOf } from '../../infra/devnet/truth/expected-candles.js';

/** Runs the runner's batches until a poll finds nothing new; resolves with the records handled. */
export async function runUntilCaughtUp(runner: ProjectionRunner): Promise<number> {
  let total = 0;
  for (let handled = await runner.runOnce(); handled > 0; handled = await runner.runOnce()) total += handled;
  return total;
}

export function keyOf(event: Event): string {
  const data = event.data as { mint?: unknown };
  return typeof data.mint === 'string' ? data.mint : 'platform';
}

export async function appendEvents(log: EventLog, events: readonly Event[], chunk = 5_000): Promise<void> {
  for (let i = 0; i < events.length; i += chunk) {
    const records: AppendRecord[] = events.slice(i, i + chunk).map((event) => ({ key: keyOf(event), value: JSON.stringify(event) }));
    await log.append(TOPICS.coinEvents, records);
  }
}

/** Every row of every table of the projectors, FINAL, sorted: a table-by-table picture to compare. */
export async function snapshotTables(olap: Olap, projectors: readonly Projector[]): Promise<Record<string, string[]>> {
  const picture: Record<string, string[]> = {};
  for (const projector of projectors) {
    for (const table of projector.tables) {
      const rows = await olap.query(`SELECT * FROM ${table.name} FINAL`);
      picture[table.name] = rows.map((row) => JSON.stringify(row)).sort();
    }
  }
  return picture;
}

/** Drop every table of the current database (tests share one chDB store per process). */
export async function dropAllTables(olap: Olap): Promise<void> {
  const tables = await olap.query<{ name: string }>('SELECT name FROM system.tables WHERE database = currentDatabase()');
  for (const { name } of tables) await olap.exec(`DROP TABLE IF EXISTS ${name} SYNC`);
}

/** The coin's decimals and its quote token's, as its launch event states them. */
export function unitsOf(events: readonly Event[], mint: string): PriceDecimals {
  const launch = events.find((event) => event.type === 'coin.launched' && event.data.mint === mint);
  if (launch?.type !== 'coin.launched') throw new Error(`no launch of ${mint}`);
  return { decimals: launch.data.decimals, quoteDecimals: launch.data.quoteDecimals };
}

/** Candles of one coin recomputed from its trade events (expected-candles.ts), oldest first. */
export function expectedCandles(events: readonly Event[], mint: string, interval: Interval): Candle[] {
  const { decimals, quoteDecimals } = unitsOf(events, mint);
  const priced = events
    .filter((event): event is TradeEvent => event.type === 'trade' && event.data.mint === mint)
    .map((event) => ({ seconds: event.blockTime, quote: BigInt(event.data.quoteAmount), coin: BigInt(event.data.coinAmount) }));
  return expectedCandlesOf(priced, INTERVAL_SECONDS[interval], decimals, quoteDecimals);
}

/** Candles of one coin as the candle window loads them from the store now. */
export async function storedCandles(olap: Olap, events: readonly Event[], mint: string, interval: Interval): Promise<Candle[]> {
  const window = new CandleWindow();
  await window.load(olap, await coinSlices(olap), Math.floor(Date.now() / 1000));
  return window.candles(mint, interval, unitsOf(events, mint));
}

/** An EventLog whose commit fails once `failOnCommit` reaches zero: the process "dies" after writing. */
export class CrashingLog implements EventLog {
  constructor(
    private readonly inner: EventLog,
    private failOnCommit: number,
  ) {}
  append(topic: string, records: readonly AppendRecord[]): Promise<void> {
    return this.inner.append(topic, records);
  }
  poll(topic: string, group: string, options: PollOptions): Promise<LogRecord[]> {
    return this.inner.poll(topic, group, options);
  }
  async commit(topic: string, group: string, records: readonly LogRecord[]): Promise<void> {
    this.failOnCommit -= 1;
    if (this.failOnCommit === 0) throw new Error('crash: process died before committing');
    await this.inner.commit(topic, group, records);
  }
  rewind(topic: string, group: string): Promise<void> {
    return this.inner.rewind(topic, group);
  }
  last(topic: string): Promise<LogRecord | null> {
    return this.inner.last(topic);
  }
  committed(topic: string, group: string): Promise<LogPosition> {
    return this.inner.committed(topic, group);
  }
  startAt(topic: string, group: string, position: LogPosition): Promise<void> {
    return this.inner.startAt(topic, group, position);
  }
  dropGroup(topic: string, group: string): Promise<void> {
    return this.inner.dropGroup(topic, group);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

/** An Olap that fails the insert into `table` once `failOnInsert` such inserts reach zero. */
export class CrashingOlap implements Olap {
  constructor(
    private readonly inner: Olap,
    private readonly table: string,
    private failOnInsert: number,
  ) {}
  exec(sql: string, params?: QueryParams): Promise<void> {
    return this.inner.exec(sql, params);
  }
  query<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<T[]> {
    return this.inner.query<T>(sql, params);
  }
  async insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
    if (table === this.table) {
      this.failOnInsert -= 1;
      if (this.failOnInsert === 0) throw new Error(`crash: process died before writing ${table}`);
    }
    await this.inner.insert(table, rows);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}
