// Every coin's trades resident in the API process, so trade pages are answered without a statement.
// The first ask loads all coins in bulk: one statement counts each coin's rows (another finds where large coins'
// slots split), then chunks are read one after another, each about chunkRows rows (a run of coins by mint range,
// or a slot range of one large coin: a few tens of ms of engine time each); a request for a coin whose chunk is
// still waiting moves that chunk to the front and waits for it. Coins of the coin index without trades start
// empty. After that a coin is refreshed when its version moved (the read path's version of the trades table for the
// coin: only changes touching that coin's rows move it), by reading its
// rows from its highest slot on (new trades only ever join at later slots or a slot's end) and folding them in: a
// row read again unchanged changes nothing, so kept answers built from the coin stay valid; a held row missing
// from them (the table dropped and being filled again) makes the coin be read in full. The mark is taken before
// the statement, so a write during the read is caught by the next ask.
//
// Memory: about 190 bytes a trade (coin-trades.ts): ~190 MB of heap and typed arrays for a million trades. At
// most maxTrades trades are held (2 million by default, ~380 MB): past that the coins asked about least recently
// go, and are read again (one statement) when next asked about.
import type { ReadPath } from '../../projections/read-path.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import { coinIndex } from '../queries/coins.js';
import { CoinTrades, type TradeInput } from './coin-trades.js';
import { InternedStrings } from '../../projections/interned-strings.js';
import { slotQuantiles, tradeRowCounts, tradesFromSlot, tradesInRange, type TradeRange } from './trade-sql.js';

/** Trades held at most, by default. */
export const DEFAULT_MAX_TRADES = 2_000_000;
/** Coins held at most (an empty coin costs a few hundred bytes). */
const MAX_COINS = 200_000;
/** Rows read by one statement of the bulk load, by default (20-80 ms of engine time here). */
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

interface Chunk {
  mints: string[];
  reads: TradeRange[];
  wanted: boolean;
  done: Promise<void>;
  finish: () => void;
}

export class TradeBook {
  private readonly entries = new Map<string, CoinEntry>();
  private readonly waiting = new Map<string, Chunk>();
  private readonly loading = new Map<string, Promise<CoinEntry>>();
  private readonly traders = new InternedStrings();
  private held = 0;
  private versions = 0;
  private planned: Promise<void> | null = null;
  /** Every planned chunk read (or given up on). */
  private chunksLoaded: Promise<void> = Promise.resolve();
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

  /** Loads every coin's trades (chunk by chunk, as the first ask would) without asking for one. */
  async warm(): Promise<void> {
    await (this.planned ??= this.plan());
    await this.chunksLoaded;
  }

  /** The trades of `mint` as the store holds them now. */
  async trades(mint: string): Promise<CoinTrades> {
    await (this.planned ??= this.plan());
    const chunk = this.waiting.get(mint);
    if (chunk !== undefined) {
      chunk.wanted = true;
      await chunk.done;
    }
    const entry = this.entries.get(mint) ?? (await this.load(mint));
    await this.freshen(mint, entry);
    if (this.entries.get(mint) === entry) {
      this.entries.delete(mint);
      this.entries.set(mint, entry);
    }
    return entry.trades;
  }

  /** Loads every coin; resolves once the chunks are planned (they load in the background). */
  private async plan(): Promise<void> {
    try {
      const known = await coinIndex(this.path);
      const emptyMarks = this.marks([...known.keys()]);
      const counts = await tradeRowCounts(this.path.olap);
      const large = counts.filter(([, rows]) => rows > this.chunkRows).map(([mint]) => mint);
      const cuts = large.length > 0 ? await slotQuantiles(this.path.olap, large) : new Map<string, number[]>();
      const listed = new Set(counts.map(([mint]) => mint));
      for (const [mint, mark] of emptyMarks) {
        if (!listed.has(mint) && !this.entries.has(mint)) this.put(mint, { trades: new CoinTrades(this.traders, ++this.versions), mark, refreshing: null });
      }
      const chunks: Chunk[] = [];
      let run: string[] = [];
      let rows = 0;
      const endRun = () => {
        if (run.length > 0) chunks.push(this.chunk(run, [{ fromMint: run[0]!, toMint: run.at(-1)! }]));
        run = [];
        rows = 0;
      };
      for (const [mint, count] of counts) {
        if (count > this.chunkRows) {
          endRun();
          chunks.push(this.chunk([mint], slotParts(mint, count, this.chunkRows, cuts.get(mint) ?? [])));
          continue;
        }
        if (rows + count > this.chunkRows) endRun();
        run.push(mint);
        rows += count;
      }
      endRun();
      this.chunksLoaded = this.loadChunks(chunks);
    } catch {
      // The asks meanwhile read their coins one by one; the next one plans again.
      this.planned = null;
    }
  }

  private chunk(mints: string[], reads: TradeRange[]): Chunk {
    let finish = () => {};
    const done = new Promise<void>((resolve) => (finish = resolve));
    const chunk = { mints, reads, wanted: false, done, finish };
    for (const mint of mints) this.waiting.set(mint, chunk);
    return chunk;
  }

  private async loadChunks(chunks: Chunk[]): Promise<void> {
    while (chunks.length > 0) {
      const next = Math.max(
        0,
        chunks.findIndex((chunk) => chunk.wanted),
      );
      const chunk = chunks.splice(next, 1)[0]!;
      try {
        if (this.held < this.maxTrades) await this.loadChunk(chunk);
      } catch {
        // Left to be read one by one.
      } finally {
        for (const mint of chunk.mints) this.waiting.delete(mint);
        chunk.finish();
      }
    }
  }

  private async loadChunk(chunk: Chunk): Promise<void> {
    const marks = this.marks(chunk.mints);
    const rows = new Map<string, TradeInput[]>(chunk.mints.map((mint) => [mint, []]));
    for (const range of chunk.reads) {
      for (const [mint, trades] of await tradesInRange(this.path.olap, range)) {
        const list = rows.get(mint);
        if (list !== undefined) for (const trade of trades) list.push(trade);
      }
    }
    for (const [mint, trades] of rows) {
      if (this.entries.has(mint)) continue;
      this.put(mint, { trades: CoinTrades.of(trades, this.traders, ++this.versions), mark: marks.get(mint)!, refreshing: null });
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
      running = (async () => {
        const mark = this.path.version([TRADES_TABLE], mint);
        const rows = await tradesFromSlot(this.path.olap, mint, 0);
        const entry: CoinEntry = { trades: CoinTrades.of(rows, this.traders, ++this.versions), mark, refreshing: null };
        this.put(mint, entry);
        return entry;
      })().finally(() => this.loading.delete(mint));
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
    const outcome = entry.trades.merge(await tradesFromSlot(this.path.olap, mint, fromSlot), fromSlot, this.versions + 1);
    if (outcome === 'changed') this.versions += 1;
    if (outcome === 'missing') entry.trades = CoinTrades.of(await tradesFromSlot(this.path.olap, mint, 0), this.traders, ++this.versions);
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

/** Reads of one large coin by slot ranges of about `chunkRows` rows each, cut at its slot quantiles (1/128 steps). */
function slotParts(mint: string, rows: number, chunkRows: number, cuts: readonly number[]): TradeRange[] {
  const parts = Math.min(cuts.length + 1, Math.ceil(rows / chunkRows));
  const bounds: number[] = [];
  for (let part = 1; part < parts; part++) {
    const slot = cuts[Math.round((part * (cuts.length + 1)) / parts) - 1];
    if (slot !== undefined && slot > (bounds.at(-1) ?? 0)) bounds.push(slot);
  }
  return [undefined, ...bounds].map((fromSlot, i) => ({ fromMint: mint, toMint: mint, fromSlot, toSlot: bounds[i] }));
}

/** The read path's resident trades. */
export function tradeBook(reads: ReadPath): TradeBook {
  return reads.index('trade-book', () => new TradeBook(reads));
}
