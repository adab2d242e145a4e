// Every coin's trades resident in the API process, so trade pages are answered without a statement. `warm` counts
// each coin's rows, then reads runs of coins by mint range of about chunkRows rows (a larger coin alone). A coin
// asked about before it is loaded (not warmed yet, evicted, or new) is read on its own, concurrent asks sharing the
// read. A coin whose version of the trades table moved is refreshed by reading its rows from its highest slot on
// (new trades only ever join at later slots or a slot's end); a held row missing from them (the table dropped and
// being filled again) makes it be read in full. The mark is taken before the statement, so a write during the read
// is caught by the next ask. At about 190 bytes a trade (coin-trades.ts), at most maxTrades are held (2 million by
// default, ~380 MB): past that the coins asked about least recently go, and are read again when next asked about.
import type { ReadPath } from '../../projections/read-path.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import { coinIndex } from '../queries/coins.js';
import { CoinTrades } from './coin-trades.js';
import { InternedStrings } from '../../projections/interned-strings.js';
import { tradeRowCounts, tradesOf } from './trade-sql.js';

/** Trades held at most, by default. */
export const DEFAULT_MAX_TRADES = 2_000_000;
/** Coins held at most (an empty coin costs a few hundred bytes). */
const MAX_COINS = 200_000;
/** Rows read by one statement of the bulk load, by default (20-80 ms of engine time here; a larger coin is read alone). */
export const DEFAULT_CHUNK_ROWS = 8_000;

export interface TradeBookOptions {
  maxTrades?: number;
  chunkRows?: number;
}

interface CoinEntry {
  trades: CoinTrades;
  /** The version the trades were read at. */
  mark: string;
  refreshing: Promise<void> | null;
}

export class TradeBook {
  private readonly entries = new Map<string, CoinEntry>();
  private readonly loading = new Map<string, Promise<CoinEntry>>();
  private readonly traders = new InternedStrings();
  private held = 0;
  private versions = 0;
  private readonly maxTrades: number;
  private readonly chunkRows: number;

  constructor(
    private readonly path: ReadPath,
    options: TradeBookOptions = {},
  ) {
    this.maxTrades = options.maxTrades ?? DEFAULT_MAX_TRADES;
    this.chunkRows = options.chunkRows ?? DEFAULT_CHUNK_ROWS;
  }

  /** Trades held, coins held and distinct traders known. */
  get size(): { trades: number; coins: number; traders: number } {
    return { trades: this.held, coins: this.entries.size, traders: this.traders.size };
  }

  /** Loads every coin's trades, a run of coins at a time; coins without trades start empty. */
  async warm(): Promise<void> {
    const known = await coinIndex(this.path);
    const emptyMarks = this.marks([...known.keys()]);
    const counts = await tradeRowCounts(this.path.olap);
    const listed = new Set(counts.map(([mint]) => mint));
    for (const [mint, mark] of emptyMarks) {
      if (!listed.has(mint) && !this.entries.has(mint))
        this.put(mint, { trades: CoinTrades.of(undefined, this.traders, ++this.versions), mark, refreshing: null });
    }
    let run: string[] = [];
    let rows = 0;
    for (const [i, [mint, count]] of counts.entries()) {
      run.push(mint);
      rows += count;
      const next = counts[i + 1];
      if (next !== undefined && rows + next[1] <= this.chunkRows) continue;
      if (this.held >= this.maxTrades) return;
      await this.loadRun(run);
      run = [];
      rows = 0;
    }
  }

  /** The trades of `mint` as the store holds them now. */
  async trades(mint: string): Promise<CoinTrades> {
    const entry = this.entries.get(mint) ?? (await this.load(mint));
    await this.freshen(mint, entry);
    if (this.entries.get(mint) === entry) {
      this.entries.delete(mint);
      this.entries.set(mint, entry);
    }
    return entry.trades;
  }

  /** Reads the coins of a run (consecutive in mint order) not held yet. */
  private async loadRun(mints: readonly string[]): Promise<void> {
    const marks = this.marks(mints);
    const read = await tradesOf(this.path.olap, mints[0]!, mints.at(-1)!);
    for (const mint of mints) {
      if (this.entries.has(mint)) continue;
      this.put(mint, { trades: CoinTrades.of(read.get(mint), this.traders, ++this.versions), mark: marks.get(mint)!, refreshing: null });
    }
  }

  /** Versions of `mints` now. */
  private marks(mints: readonly string[]): Map<string, string> {
    return new Map(mints.map((mint) => [mint, this.path.version([TRADES_TABLE], mint)]));
  }

  /** Reads one coin in full (not loaded in bulk, evicted, or new); concurrent asks share the read. */
  private load(mint: string): Promise<CoinEntry> {
    let running = this.loading.get(mint);
    if (running === undefined) {
      running = this.loadRun([mint])
        .then(() => this.entries.get(mint)!)
        .finally(() => this.loading.delete(mint));
      this.loading.set(mint, running);
    }
    return running;
  }

  /** Brings `entry` up to the store's current contents: a refresh already under way is joined, and another one
   * started when it began before the latest write. */
  private async freshen(mint: string, entry: CoinEntry): Promise<void> {
    for (;;) {
      const mark = this.path.version([TRADES_TABLE], mint);
      if (mark === entry.mark) return;
      if (entry.refreshing !== null) {
        await entry.refreshing;
        continue;
      }
      const refreshing = this.refresh(mint, entry, mark).finally(() => (entry.refreshing = null));
      entry.refreshing = refreshing;
      return refreshing;
    }
  }

  private async refresh(mint: string, entry: CoinEntry, mark: string): Promise<void> {
    const before = entry.trades.length;
    const fromSlot = entry.trades.lastSlot;
    const read = await tradesOf(this.path.olap, mint, mint, fromSlot);
    if (!entry.trades.merge(read.get(mint), fromSlot, ++this.versions)) {
      entry.trades = CoinTrades.of((await tradesOf(this.path.olap, mint, mint)).get(mint), this.traders, ++this.versions);
    }
    entry.mark = mark;
    if (this.entries.get(mint) === entry) this.held += entry.trades.length - before;
    this.evict(mint);
  }

  private put(mint: string, entry: CoinEntry): void {
    const old = this.entries.get(mint);
    this.held += entry.trades.length - (old?.trades.length ?? 0);
    this.entries.delete(mint);
    this.entries.set(mint, entry);
    this.evict(mint);
  }

  /** Drops the coins asked about least recently while over the caps, never `keep`. */
  private evict(keep: string): void {
    for (const [mint, entry] of this.entries) {
      if (this.held <= this.maxTrades && this.entries.size <= MAX_COINS) return;
      if (mint === keep) continue;
      this.entries.delete(mint);
      this.held -= entry.trades.length;
    }
  }
}

/** The read path's resident trades. */
export function tradeBook(reads: ReadPath): TradeBook {
  return reads.index('trade-book', () => new TradeBook(reads));
}
