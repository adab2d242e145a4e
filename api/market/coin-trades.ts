// One coin's trades in memory, as the trades table holds them after FINAL (one row per event id, the latest
// written), in the order the SQL pages them: block second, then slot, log offset and event id. Kept as columns
// (typed arrays, the event id as its one string, traders as indexes into a shared table): about 190 bytes a trade
// (the event id ~120 B, columns ~45 B, its trader's share of the table) rather than an object and eight strings.
// The signature is the event id's head (an event id starts with `<signature>:`, schemas/events/envelope.ts).
// Amounts up to 2^53 sit in Float64Arrays exactly; a larger one is kept as text beside them (NaN marks it).
import type { InternedStrings } from '../../projections/interned-strings.js';
import { compareText } from '../../projections/text-order.js';
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

  /** Trades in any order (each id once), put in page order. */
  static of(rows: readonly TradeInput[], traders: InternedStrings, version: number): CoinTrades {
    const trades = new CoinTrades(traders, version, rows.length);
    for (const row of rows) trades.push(row);
    trades.order();
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
  countBefore(point: PagePoint): number {
    const start = this.firstAtOrAfter(point.seconds);
    const inSecond = this.firstAtOrAfter(point.seconds + 1) - start;
    return start + (point.millis > TAIL_RANK ? inSecond : Math.min(point.millis, inSecond));
  }

  /** Fold in the trades the store holds from `fromSlot` on (each id once): any held are replaced, new ones join.
   * 'changed' when anything changed (`version` then takes `nextVersion`), 'same' when nothing did, and 'missing'
   * (nothing folded in) when a trade held from that slot on is not among them: the store lost rows (a table
   * dropped and being filled again), so the coin must be read in full. */
  merge(rows: readonly TradeInput[], fromSlot: number, nextVersion: number): 'changed' | 'same' | 'missing' {
    const held = new Map<string, number>();
    for (let i = 0; i < this.length; i++) if (this.columns.slot[i]! >= fromSlot) held.set(this.ids[i]!, i);
    const read = new Set(rows.map((row) => row.id));
    for (const id of held.keys()) if (!read.has(id)) return 'missing';
    let changed = false;
    let unordered = false;
    for (const row of rows) {
      const at = held.get(row.id);
      if (at === undefined) {
        this.push(row);
        unordered ||= this.length > 1 && this.compare(this.length - 2, this.length - 1) > 0;
      } else if (!this.holds(at, row)) {
        const { seconds, slot, logOffset } = this.columns;
        unordered ||= seconds[at] !== row.seconds || slot[at] !== row.slot || logOffset[at] !== row.logOffset;
        this.write(at, row);
      } else {
        continue;
      }
      changed = true;
    }
    if (!changed) return 'same';
    if (unordered) this.sort();
    this.version = nextVersion;
    return 'changed';
  }

  private push(row: TradeInput): void {
    if (this.length === this.seconds.length) this.resize(Math.max(8, Math.ceil(this.length * 1.25)));
    this.length += 1;
    this.write(this.length - 1, row);
  }

  private write(i: number, row: TradeInput): void {
    const columns = this.columns;
    this.ids[i] = row.id;
    columns.seconds[i] = row.seconds;
    columns.slot[i] = row.slot;
    columns.logOffset[i] = row.logOffset;
    columns.sell[i] = row.side === 'sell' ? 1 : 0;
    columns.trader[i] = this.traders.id(row.trader);
    columns.coin[i] = amountValue(row.coinAmount);
    columns.quote[i] = amountValue(row.quoteAmount);
    if (Number.isNaN(columns.coin[i]) || Number.isNaN(columns.quote[i])) this.oversized.set(row.id, { coin: row.coinAmount, quote: row.quoteAmount });
    else this.oversized.delete(row.id);
    if (row.slot > this.lastSlot) this.lastSlot = row.slot;
  }

  private holds(i: number, row: TradeInput): boolean {
    const columns = this.columns;
    return (
      columns.seconds[i] === row.seconds &&
      columns.slot[i] === row.slot &&
      columns.logOffset[i] === row.logOffset &&
      this.isSell(i) === (row.side === 'sell') &&
      this.traderOf(i) === row.trader &&
      this.coinText(i) === row.coinAmount &&
      this.quoteText(i) === row.quoteAmount
    );
  }

  /** Page order: block second, then chain order (slot, log offset, event id). */
  private compare(a: number, b: number): number {
    const { seconds, slot, logOffset } = this.columns;
    return seconds[a]! - seconds[b]! || slot[a]! - slot[b]! || logOffset[a]! - logOffset[b]! || compareText(this.ids[a]!, this.ids[b]!);
  }

  /** Puts the trades in page order where they are not (rows mostly come in it already). */
  private order(): void {
    for (let i = 1; i < this.length; i++) if (this.compare(i - 1, i) > 0) return this.sort();
  }

  /** Puts the trades in page order, keeping the columns' room. */
  private sort(): void {
    this.resize(
      this.seconds.length,
      Array.from({ length: this.length }, (_, i) => i).sort((a, b) => this.compare(a, b)),
    );
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
