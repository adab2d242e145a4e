// One coin's trades in memory, as the trades table holds them after FINAL (one row per event id, the latest
// written), in the order the SQL pages them: block second, then slot, log offset and event id. Kept as columns
// (typed arrays, the event id as its one string, traders as indexes into a shared table): about 190 bytes a trade
// (the event id ~120 B, columns ~45 B, its trader's share of the table) rather than an object and eight strings.
// The signature is the event id's head (an event id starts with `<signature>:`, schemas/events/envelope.ts).
// Amounts up to 2^53 sit in Float64Arrays exactly; a larger one is kept as text beside them (NaN marks it).
import type { InternedStrings } from '../../projections/interned-strings.js';
import { compareText } from '../../projections/text-order.js';
import { widened } from '../../projections/typed-columns.js';
import { TAIL_RANK } from '../../schemas/api/trades.js';

/** A trade as read from the store. */
export interface TradeInput {
  id: string;
  slot: number;
  seconds: number;
  logOffset: number;
  side: 'buy' | 'sell';
  trader: string;
  coinAmount: string;
  quoteAmount: string;
}

/** A position to page before: whole unix seconds and the milliseconds within that second (0 to 1000), which take
 * the second's trades ranked below them (schemas/api/trades.ts). */
export interface PagePoint {
  seconds: number;
  millis: number;
}

interface Oversized {
  coin: string;
  quote: string;
}

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

export class CoinTrades {
  length = 0;
  /** Changes whenever the trades change; unique across every coin of a book, so it can key kept answers. */
  version: number;
  seconds: Uint32Array;
  slot: Float64Array;
  logOffset: Float64Array;
  coin: Float64Array;
  quote: Float64Array;
  trader: Uint32Array;
  sell: Uint8Array;
  ids: string[] = [];
  /** Highest slot held (0 when empty): rows at or after it are what a refresh reads. */
  lastSlot = 0;
  private oversized: Map<string, Oversized> | null = null;

  constructor(
    private readonly traders: InternedStrings,
    version: number,
    capacity = 0,
  ) {
    this.version = version;
    this.seconds = new Uint32Array(capacity);
    this.slot = new Float64Array(capacity);
    this.logOffset = new Float64Array(capacity);
    this.coin = new Float64Array(capacity);
    this.quote = new Float64Array(capacity);
    this.trader = new Uint32Array(capacity);
    this.sell = new Uint8Array(capacity);
  }

  /** Trades in any order (each id once), put in page order. */
  static of(rows: readonly TradeInput[], traders: InternedStrings, version: number): CoinTrades {
    const trades = new CoinTrades(traders, version, rows.length);
    for (const row of rows) trades.push(row);
    if (!trades.isOrdered()) trades.reorder();
    return trades;
  }

  signature(i: number): string {
    const id = this.ids[i]!;
    return id.slice(0, id.indexOf(':'));
  }

  traderOf(i: number): string {
    return this.traders.text(this.trader[i]!);
  }

  coinText(i: number): string {
    const value = this.coin[i]!;
    return Number.isNaN(value) ? this.oversized!.get(this.ids[i]!)!.coin : integerText(value);
  }

  quoteText(i: number): string {
    const value = this.quote[i]!;
    return Number.isNaN(value) ? this.oversized!.get(this.ids[i]!)!.quote : integerText(value);
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
  countBefore(point: PagePoint): number {
    const start = this.firstAtOrAfter(point.seconds);
    const inSecond = this.firstAtOrAfter(point.seconds + 1) - start;
    return start + (point.millis > TAIL_RANK ? inSecond : Math.min(point.millis, inSecond));
  }

  /** Chain order of two trades: slot, log offset, event id. */
  private chainCompare(a: number, b: number): number {
    return this.slot[a]! - this.slot[b]! || this.logOffset[a]! - this.logOffset[b]! || compareText(this.ids[a]!, this.ids[b]!);
  }

  /** Fold in the trades the store holds from `fromSlot` on (each id once): any held are replaced, new ones join.
   * 'changed' when anything changed (`version` then takes `nextVersion`), 'same' when nothing did, and 'missing'
   * (nothing folded in) when a trade held from that slot on is not among them: the store lost rows (a table
   * dropped and being filled again), so the coin must be read in full. */
  merge(rows: readonly TradeInput[], fromSlot: number, nextVersion: number): 'changed' | 'same' | 'missing' {
    const held = new Map<string, number>();
    for (let i = 0; i < this.length; i++) if (this.slot[i]! >= fromSlot) held.set(this.ids[i]!, i);
    if (held.size > 0) {
      const read = new Set(rows.map((row) => row.id));
      for (const id of held.keys()) if (!read.has(id)) return 'missing';
    }
    let changed = false;
    let reorder = false;
    for (const row of rows) {
      const at = held.get(row.id);
      if (at === undefined) {
        const last = this.length - 1;
        this.push(row);
        if (last >= 0 && this.pageCompare(last, last + 1) > 0) reorder = true;
        changed = true;
      } else if (!this.holds(at, row)) {
        if (this.logOffset[at] !== row.logOffset || this.seconds[at] !== row.seconds || this.slot[at] !== row.slot) reorder = true;
        this.write(at, row);
        changed = true;
      }
    }
    if (!changed) return 'same';
    if (reorder) this.reorder();
    this.version = nextVersion;
    return 'changed';
  }

  private push(row: TradeInput): void {
    if (this.length === this.seconds.length) this.grow(Math.max(8, Math.ceil(this.length * 1.25)));
    this.length += 1;
    this.write(this.length - 1, row);
  }

  private write(i: number, row: TradeInput): void {
    this.ids[i] = row.id;
    this.seconds[i] = row.seconds;
    this.slot[i] = row.slot;
    this.logOffset[i] = row.logOffset;
    this.sell[i] = row.side === 'sell' ? 1 : 0;
    this.trader[i] = this.traders.id(row.trader);
    this.coin[i] = amountValue(row.coinAmount);
    this.quote[i] = amountValue(row.quoteAmount);
    if (Number.isNaN(this.coin[i]) || Number.isNaN(this.quote[i])) {
      this.oversized ??= new Map();
      this.oversized.set(row.id, { coin: row.coinAmount, quote: row.quoteAmount });
    } else {
      this.oversized?.delete(row.id);
    }
    if (row.slot > this.lastSlot) this.lastSlot = row.slot;
  }

  private holds(i: number, row: TradeInput): boolean {
    return (
      this.seconds[i] === row.seconds &&
      this.slot[i] === row.slot &&
      this.logOffset[i] === row.logOffset &&
      this.sell[i] === (row.side === 'sell' ? 1 : 0) &&
      this.traderOf(i) === row.trader &&
      this.coinText(i) === row.coinAmount &&
      this.quoteText(i) === row.quoteAmount
    );
  }

  private pageCompare(a: number, b: number): number {
    return this.seconds[a]! - this.seconds[b]! || this.chainCompare(a, b);
  }

  private isOrdered(): boolean {
    for (let i = 1; i < this.length; i++) if (this.pageCompare(i - 1, i) > 0) return false;
    return true;
  }

  /** Puts the trades in page order again. */
  private reorder(): void {
    const order = Array.from({ length: this.length }, (_, i) => i).sort((a, b) => this.pageCompare(a, b));
    const ids = order.map((i) => this.ids[i]!);
    const pick = <A extends Uint32Array | Float64Array | Uint8Array>(column: A): A => {
      const next = column.slice() as A;
      order.forEach((from, to) => {
        next[to] = column[from]!;
      });
      return next;
    };
    this.seconds = pick(this.seconds);
    this.slot = pick(this.slot);
    this.logOffset = pick(this.logOffset);
    this.coin = pick(this.coin);
    this.quote = pick(this.quote);
    this.trader = pick(this.trader);
    this.sell = pick(this.sell);
    this.ids = ids;
  }

  private grow(capacity: number): void {
    this.seconds = widened(this.seconds, capacity, this.length);
    this.slot = widened(this.slot, capacity, this.length);
    this.logOffset = widened(this.logOffset, capacity, this.length);
    this.coin = widened(this.coin, capacity, this.length);
    this.quote = widened(this.quote, capacity, this.length);
    this.trader = widened(this.trader, capacity, this.length);
    this.sell = widened(this.sell, capacity, this.length);
  }
}
