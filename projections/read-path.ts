// What every read runs with: the analytics store, the change feed's count of what was written since (the one
// source of freshness), the one cache of read answers, and the resident indexes of this reader. One ReadPath a
// serving process, made by the composition root (or by the API from its dependencies) and handed down: nothing is
// kept per store handle in a module.
//
// Freshness: a table's version moves with every change the feed announces for it, a coin's version of it only with
// a change touching that coin's rows (or rows of no one coin). Without a feed nothing can be known unchanged: every
// version is new, so every answer is computed again and no index trusts what it holds.
//
// The cache: answers by key, each computed from named tables (and anything else named) and kept while the feed
// announces no write to them (an answer of data outside the analytics store also only up to an age, then computed
// again while it is still answered); concurrent callers of one key and version share one computation; a failed
// computation is not kept; the kept answers' estimated heap (answer-bytes.ts) is bounded by `maxBytes`, answers not
// asked for lately going first (a second-chance clock). The JSON the serializer keeps of an answer object it sends
// again (api/serializer.ts) lives and goes with the object and is not counted: about as much again for the answers
// sent as they are.
import type { Olap } from '../infra/olap/olap.js';
import { DEFAULT_READ_CACHE_MIB } from '../schemas/config.js';
import { answerBytes } from './answer-bytes.js';
import type { Change, ChangeFeed } from './changes.js';

/** The kept answers' estimated heap at most, by default. */
const DEFAULT_MAX_BYTES = DEFAULT_READ_CACHE_MIB * 1024 * 1024;
/** What an entry costs besides its answer (its record, its version, the map's slot), with its key's characters. */
const ENTRY_BYTES = 200;

interface TableWrites {
  /** Changes of the table. */
  all: number;
  /** Changes of rows of no one coin (or that emptied the table), which every coin's version counts. */
  anyCoin: number;
  /** Changes touching each coin's rows. */
  coins: Map<string, number>;
}

interface Kept {
  key: string;
  /** `at`: when its computation began (Date.now()). */
  settled: { version: string; value: unknown; started: number; at: number } | null;
  running: { version: string; value: Promise<unknown> } | null;
  /** Asked for since it was last passed over for dropping. */
  used: boolean;
  /** Estimated heap of the entry and its settled answer, counted in the reader's total while it is kept. */
  bytes: number;
}

/** Where an answer comes from. */
export interface AnswerSource {
  tables: readonly string[];
  /** Anything else the answer depends on (such as the second it is computed at). */
  variant?: string;
  /** Callers that arrive while the answer of a newer version is being computed get the one before instead of
   * waiting (one computation behind); the caller that began it waits. For answers many requests share that take
   * long to compute, so a write makes one request wait instead of all. */
  previousWhileRefreshing?: boolean;
  /** A caller asking for a new variant of unchanged tables (such as the next second of a clock) gets the answer
   * kept and the new one is computed behind it, so no caller waits. */
  previousOfVariant?: boolean;
  /** For answers of data no feed announces writes of (the operational store, written by other processes too): an
   * answer whose computation began this long ago is computed again, and the kept one answered meanwhile. */
  maxAgeMs?: number;
}

export class ReadPath {
  private readonly writes = new Map<string, TableWrites>();
  private readonly kept = new Map<string, Kept>();
  private readonly indexes = new Map<string, unknown>();
  private readonly unsubscribe: () => void;
  private serial = 0;
  /** Estimated heap of every kept entry. */
  private keptBytes = 0;

  constructor(
    readonly olap: Olap,
    private readonly feed?: ChangeFeed,
    private readonly maxBytes = DEFAULT_MAX_BYTES,
  ) {
    this.unsubscribe = feed?.((change) => this.note(change)) ?? (() => {});
  }

  /** A string that changes whenever `tables` (with `coin`, that coin's rows of them) may have changed. */
  version(tables: readonly string[], coin?: string): string {
    if (this.feed === undefined) return `new:${++this.serial}`;
    return tables
      .map((table) => {
        const writes = this.writes.get(table);
        return coin === undefined ? String(writes?.all ?? 0) : `${writes?.anyCoin ?? 0}.${writes?.coins.get(coin) ?? 0}`;
      })
      .join(',');
  }

  /** A string that changes whenever `tables` change other than coin by coin (rows of no one coin, or emptied). */
  wholeVersion(tables: readonly string[]): string {
    if (this.feed === undefined) return `new:${++this.serial}`;
    return tables.map((table) => this.writes.get(table)?.anyCoin ?? 0).join(',');
  }

  /** The answer for `key` from `source` as it is now: kept, or computed by `compute` (then kept), which is given the
   * answer computed last for `key` (null when none is kept) to return again where nothing it shows changed. */
  answer<T>(key: string, source: AnswerSource, compute: (previous: T | null) => Promise<T>): T | Promise<T> {
    const tables = `${this.version(source.tables)}|`;
    const version = `${tables}${source.variant ?? ''}`;
    if (this.feed === undefined) return compute(null);
    let kept = this.kept.get(key);
    if (kept === undefined) {
      this.kept.set(key, (kept = { key, settled: null, running: null, used: false, bytes: 0 }));
      this.weigh(kept, ENTRY_BYTES + key.length);
    } else {
      kept.used = true;
    }
    const settled = kept.settled;
    if (settled?.version === version) {
      if (source.maxAgeMs !== undefined && kept.running === null && Date.now() - settled.at >= source.maxAgeMs) {
        // A failure keeps the answer there is, to be tried again at the next ask.
        this.begin(kept, version, compute).catch(() => {});
      }
      return settled.value as T;
    }
    if (kept.running?.version === version) {
      return source.previousWhileRefreshing === true && settled !== null ? (settled.value as T) : (kept.running.value as Promise<T>);
    }
    const begun = this.begin(kept, version, compute);
    if (source.previousOfVariant !== true || settled?.version.startsWith(tables) !== true) return begun;
    begun.catch(() => {});
    return settled.value as T;
  }

  /** Computes `entry`'s answer of `version`, kept once settled unless one begun later settled first. */
  private begin<T>(entry: Kept, version: string, compute: (previous: T | null) => Promise<T>): Promise<T> {
    const started = ++this.serial;
    const at = Date.now();
    const value = compute((entry.settled?.value as T | undefined) ?? null).then(
      (result) => {
        if (entry.settled === null || entry.settled.started < started) {
          entry.settled = { version, value: result, started, at };
          if (this.kept.get(entry.key) === entry) this.weigh(entry, ENTRY_BYTES + entry.key.length + answerBytes(result));
        }
        if (entry.running?.value === value) entry.running = null;
        return result;
      },
      (error: unknown) => {
        if (entry.running?.value === value) entry.running = null;
        throw error;
      },
    );
    entry.running = { version, value };
    return value;
  }

  /** Counts `entry` (kept) at `bytes` from now on, then drops answers until the total is within the bound: the
   * oldest not asked for since it was last passed over goes first, those that were go to the back (a second
   * chance: a hit costs a flag, not a move in the map). */
  private weigh(entry: Kept, bytes: number): void {
    this.keptBytes += bytes - entry.bytes;
    entry.bytes = bytes;
    for (const [key, kept] of this.kept) {
      if (this.keptBytes <= this.maxBytes) return;
      this.kept.delete(key);
      if (kept.used) {
        kept.used = false;
        this.kept.set(key, kept);
      } else {
        this.keptBytes -= kept.bytes;
      }
    }
  }

  /** This reader's one `name` index, made by `create` on first use. */
  index<T>(name: string, create: () => T): T {
    if (!this.indexes.has(name)) this.indexes.set(name, create());
    return this.indexes.get(name) as T;
  }

  /** Stops following the feed. */
  close(): void {
    this.unsubscribe();
  }

  private note(change: Change): void {
    for (const [table, coins] of change.tables) {
      let writes = this.writes.get(table);
      if (writes === undefined) this.writes.set(table, (writes = { all: 0, anyCoin: 0, coins: new Map() }));
      writes.all += 1;
      if (coins === null) writes.anyCoin += 1;
      else for (const coin of coins) writes.coins.set(coin, (writes.coins.get(coin) ?? 0) + 1);
    }
  }
}

const serials = new WeakMap<object, number>();
let lastSerial = 0;

/** A number naming `value` while it is the same object: for an answer's variant, which must not hold it. */
export function serialOf(value: object): number {
  let serial = serials.get(value);
  if (serial === undefined) serials.set(value, (serial = ++lastSerial));
  return serial;
}

/** Whether `a` and `b` hold the same objects in the same order: for a computation given the answer before, which
 * answers that one again when what it would be made of is unchanged (so its kept JSON is reused). */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/** A fresh top-level copy of an array or map answer, so a caller that sorts or reverses it leaves the kept one as it
 * was; other values as they are. */
function shallowCopy<R>(value: R): R {
  if (Array.isArray(value)) return [...value] as R;
  if (value instanceof Map) return new Map(value) as R;
  return value;
}

/** `read` with its answers kept on the read path under `name` and `key` of its arguments, as computed from `tables`. */
export function cachedRead<A extends unknown[], R>(
  name: string,
  tables: readonly string[],
  key: (...args: A) => string,
  read: (olap: Olap, ...args: A) => Promise<R>,
): (reads: ReadPath, ...args: A) => Promise<R> {
  return async (reads, ...args) => shallowCopy(await reads.answer(`${name}\n${key(...args)}`, { tables }, () => read(reads.olap, ...args)));
}
