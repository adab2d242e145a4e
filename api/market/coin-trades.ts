// One coin's trades in memory, as the trades table holds them after FINAL (one row per event id, the latest written),
// in page order: block second, then slot, log offset and event id. Kept as columns (typed arrays, the event id as its
// one string, traders as indexes into a shared table): about 190 bytes a trade rather than an object and eight
// strings. The signature is the event id's head (an event id starts with `<signature>:`, schemas/events/envelope.ts).
// Amounts up to 2^53 sit in Float64Arrays exactly; a larger one is kept as text beside them (NaN marks it).
import type { InternedStrings } from '../../projections/interned-strings.js';
import { compareText } from '../../projections/text-order.js';
import { TAIL_RANK, type TradeCursor } from '../../schemas/api/trades.js';
import type { TradeColumns } from './trade-sql.js';

const ZEROS = ['', '0', '00', '000', '0000', '00000', '000000', '0000000', '00000000'];

/** Decimal text of a safe integer: as String() writes it, in two parts below 10^9 each (small integers are written
 * several times faster than a large double, and pages write two amounts a trade). */
function integerText(value: number): string {
  if (value < 1e9) return String(value);
  const high = Math.floor(value / 1e9);
  const low = String(value - high * 1e9);
  return `${high}${ZEROS[9 - low.length]}${low}`;
}

function amountValue(text: string): number {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : Number.NaN;
}

const newColumns = (capacity: number) => ({
  seconds: new Uint32Array(capacity),
  slot: new Float64Array(capacity),
  logOffset: new Float64Array(capacity),
  coin: new Float64Array(capacity),
  quote: new Float64Array(capacity),
  trader: new Uint32Array(capacity),
  sell: new Uint8Array(capacity),
});

type Columns = ReturnType<typeof newColumns>;

export class CoinTrades {
  length = 0;
  /** Changes whenever the trades change; unique across every coin of a book, so it can key kept answers. */
  version: number;
  columns: Columns;
  ids: string[] = [];
  /** Highest slot held (0 when empty): rows at or after it are what a refresh reads. */
  lastSlot = 0;
  /** Amounts past 2^53, by event id. */
  private readonly oversized = new Map<string, { coin: string; quote: string }>();

  private constructor(
    private readonly traders: InternedStrings,
    version: number,
    capacity: number,
  ) {
    this.version = version;
    this.columns = newColumns(capacity);
  }

  /** Trades in any order (each id once), put in page order; none when undefined. */
  static of(read: TradeColumns | undefined, traders: InternedStrings, version: number): CoinTrades {
    const trades = new CoinTrades(traders, version, read?.ids.length ?? 0);
    for (let j = 0; j < trades.columns.seconds.length; j++) trades.push(read!, j);
    for (let i = 1; i < trades.length; i++) if (trades.compare(i - 1, i) > 0) return trades.sort();
    return trades;
  }

  get seconds(): Uint32Array {
    return this.columns.seconds;
  }

  isSell(i: number): boolean {
    return this.columns.sell[i] === 1;
  }

  signature(i: number): string {
    const id = this.ids[i]!;
    return id.slice(0, id.indexOf(':'));
  }

  traderOf(i: number): string {
    return this.traders.text(this.columns.trader[i]!);
  }

  coinText(i: number): string {
    const value = this.columns.coin[i]!;
    return Number.isNaN(value) ? this.oversized.get(this.ids[i]!)!.coin : integerText(value);
  }

  quoteText(i: number): string {
    const value = this.columns.quote[i]!;
    return Number.isNaN(value) ? this.oversized.get(this.ids[i]!)!.quote : integerText(value);
  }

  /** Rank of trade `i` within its second: 0 for the second's first trade. */
  rank(i: number): number {
    return i - this.firstAtOrAfter(this.seconds[i]!);
  }

  /** Index of the first trade at or after `seconds`. */
  firstAtOrAfter(seconds: number): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.seconds[mid]! < seconds) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** How many trades lie before `point`: every trade of an earlier second and those of its second ranked below its
   * milliseconds, the ranks from TAIL_RANK on counting as TAIL_RANK (so only 1000 takes them). */
  countBefore(point: TradeCursor): number {
    const start = this.firstAtOrAfter(point.seconds);
    const inSecond = this.firstAtOrAfter(point.seconds + 1) - start;
    return start + (point.millis > TAIL_RANK ? inSecond : Math.min(point.millis, inSecond));
  }

  /** Folds in the trades the store holds from `fromSlot` on (each id once): any held are replaced, new ones join, and
   * `version` takes `nextVersion`. False (nothing folded in) when a trade held from that slot on is not among them:
   * the store lost rows (a table dropped and being filled again), so the coin must be read in full. */
  merge(read: TradeColumns | undefined, fromSlot: number, nextVersion: number): boolean {
    const held = new Map<string, number>();
    for (let i = 0; i < this.length; i++) if (this.columns.slot[i]! >= fromSlot) held.set(this.ids[i]!, i);
    const ids = new Set(read?.ids);
    for (const id of held.keys()) if (!ids.has(id)) return false;
    let unordered = false;
    for (const [j, id] of (read?.ids ?? []).entries()) {
      const at = held.get(id);
      if (at === undefined) {
        this.push(read!, j);
        unordered ||= this.length > 1 && this.compare(this.length - 2, this.length - 1) > 0;
      } else {
        const { seconds, slot, logOffset } = this.columns;
        unordered ||= seconds[at] !== read!.seconds[j] || slot[at] !== Number(read!.slots[j]) || logOffset[at] !== Number(read!.offsets[j]);
        this.write(at, read!, j);
      }
    }
    if (unordered) this.sort();
    this.version = nextVersion;
    return true;
  }

  private push(read: TradeColumns, j: number): void {
    if (this.length === this.seconds.length) this.resize(Math.max(8, Math.ceil(this.length * 1.25)));
    this.length += 1;
    this.write(this.length - 1, read, j);
  }

  /** Row `i` from the read's row `j`. */
  private write(i: number, read: TradeColumns, j: number): void {
    const columns = this.columns;
    const id = read.ids[j]!;
    const coin = read.coins[j]!;
    const quote = read.quotes[j]!;
    this.ids[i] = id;
    columns.seconds[i] = read.seconds[j]!;
    columns.slot[i] = Number(read.slots[j]);
    columns.logOffset[i] = Number(read.offsets[j]);
    columns.sell[i] = read.sides[j] === 'sell' ? 1 : 0;
    columns.trader[i] = this.traders.id(read.traders[j]!);
    columns.coin[i] = amountValue(coin);
    columns.quote[i] = amountValue(quote);
    if (Number.isNaN(columns.coin[i]) || Number.isNaN(columns.quote[i])) this.oversized.set(id, { coin, quote });
    else this.oversized.delete(id);
    if (columns.slot[i]! > this.lastSlot) this.lastSlot = columns.slot[i]!;
  }

  /** Page order: block second, then chain order (slot, log offset, event id). */
  private compare(a: number, b: number): number {
    const { seconds, slot, logOffset } = this.columns;
    return seconds[a]! - seconds[b]! || slot[a]! - slot[b]! || logOffset[a]! - logOffset[b]! || compareText(this.ids[a]!, this.ids[b]!);
  }

  /** Puts the trades in page order, keeping the columns' room. */
  private sort(): this {
    this.resize(
      this.seconds.length,
      Array.from({ length: this.length }, (_, i) => i).sort((a, b) => this.compare(a, b)),
    );
    return this;
  }

  /** Columns of `capacity` rows holding the rows at `order` (all rows as they are by default). */
  private resize(capacity: number, order?: number[]): void {
    const next = newColumns(capacity);
    for (const name of Object.keys(next) as (keyof Columns)[]) {
      const from = this.columns[name];
      if (order === undefined) next[name].set(from.subarray(0, this.length) as never);
      else for (const [to, at] of order.entries()) next[name][to] = from[at]!;
    }
    if (order !== undefined) this.ids = order.map((at) => this.ids[at]!);
    this.columns = next;
  }
}
