// The coin board: every coin's launch facts, graduation, holder count and market, and from them its figures at a
// second (api/figures.ts), for the coin list, one coin, the token search and the ideas board. A coin's market is
// its ticks from its last slot with trades before the window's start on: enough for the 24 hours before any
// second of the last day. Its holders are the owners whose token accounts hold a positive sum, its venues
// (curve, launch pool, locked pool) and the service's wallets left out. The SOL price values stablecoin coins in
// lamports. Loaded from the coins, graduations, balances, prices and trades tables; then a coin's first launch and
// graduation set its facts, a balance change its account's balance unless the account's balance is from a later
// slot, a price the price unless it is older, and a trade folds in once (ChainGuard).
import type { Olap } from '../../infra/olap/olap.js';
import { BALANCES_TABLE } from '../../projections/balances/table.js';
import { coinRow, type CoinRow as LaunchRow } from '../../projections/coins/projector.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../../projections/coins/table.js';
import { lamportsValue, type ValuingMints, valuingMints } from '../../projections/prices/sol-value.js';
import { PRICES_TABLE } from '../../projections/prices/table.js';
import type { LoggedEvent } from '../../projections/projector.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import type { CoinListQuery } from '../../schemas/api/coins.js';
import { figuresPending } from '../figures.js';
import { firstAtOrAfter } from './trade-window.js';
import { ChainGuard, type TouchedCoins, type View } from './live-views.js';

const DAY = 86_400;
/** Ticks are kept this long before the latest trade, and the last one before that: the 24 hours before any second
 * of the last two, and the reserves at their start. */
const KEPT_SECONDS = 2 * DAY;

/** A coin as the board shows it at a second: its launch as the coins table holds it, and its market then;
 * 64-bit and wider numbers as decimal strings, times as unix seconds. */
export type BoardRow = LaunchRow & {
  /** Launch time: unix seconds, and epoch milliseconds (the list's order, with the launch slot). */
  createdAt: number;
  launchMs: number;
  graduatedAt: number | null;
  graduatedPool: string | null;
  /** Reserves after the latest trade, else at launch when recorded; '0' when neither is known. */
  lastQuote: string;
  lastCoin: string;
  /** Reference reserves: after the last trade at or before 24 hours ago, else at launch when recorded, else after
   * the first trade since. */
  refQuote: string;
  refCoin: string;
  volume24h: string;
  marketCap: string | null;
  holders: number;
};

/** A block second of a coin's trades: the reserves after its last, and the quote traded through it since the first
 * trade held (only the difference of two is read). */
interface Tick {
  seconds: number;
  quote: string;
  coin: string;
  volumeThrough: bigint;
}

/** A name and symbol as the searches compare them, lowercased: the symbol as it is and without spaces around it or
 * a leading `$`, the name without spaces around it and its words. */
export interface SearchedText {
  symbol: string;
  bareSymbol: string;
  name: string;
  words: string[];
}

export function searchedText(symbol: string | null, name: string | null): SearchedText {
  const lower = (symbol ?? '').toLowerCase();
  const trimmedName = (name ?? '').trim().toLowerCase();
  return { symbol: lower, bareSymbol: lower.trim().replace(/^\$/, ''), name: trimmedName, words: trimmedName.split(/\s+/) };
}

interface BoardCoin {
  launch: LaunchRow;
  searched: SearchedText;
  graduation: { seconds: number; pool: string } | null;
  ticks: Tick[];
  accounts: Map<string, { owner: string; balance: bigint; slot: number }>;
  /** What each owner that can be a holder holds in all, while that is positive: the coin's holders. */
  holders: Map<string, bigint>;
}

/** The board at a second: each coin's row, and its orders as they are asked for. `version` moves only when some
 * row reads otherwise than at the second before (an event, or a trade leaving a 24-hour window), so answers made
 * from the whole board are kept by it rather than by the second. */
export interface BoardAt {
  nowSeconds: number;
  version: number;
  rows: ReadonlyMap<string, BoardRow>;
  /** The SOL price the lamport values are at (micro-USD); null without one. */
  solMicroUsd: bigint | null;
  orders: Map<string, BoardRow[]>;
}

export const msOf = (time: string) => Date.parse(`${time.replace(' ', 'T')}Z`);
const secondsOf = (time: string) => Math.floor(msOf(time) / 1000);

/** What of a coin's row moves with the clock alone, at `nowSeconds`: its 24-hour window and whether its figures are
 * still pending. A row reads the same at two seconds when this is the same and no event came between. */
export function rowWindow(row: BoardRow, nowSeconds: number): string {
  return `${figuresPending(row, nowSeconds)}:${row.volume24h}:${row.refQuote}:${row.refCoin}`;
}

/** The quote traded through tick `i` (-1: none). */
function volumeThrough(ticks: readonly Tick[], i: number): bigint {
  return i < 0 ? 0n : ticks[i]!.volumeThrough;
}

export class CoinBoard implements View {
  readonly name = 'coin-board';
  readonly canHandle = ['coin.launched', 'coin.graduated', 'trade', 'token.balance_changed', 'price.updated'] as const;
  private coins = new Map<string, BoardCoin>();
  private guard = new ChainGuard();
  private price: { slot: number; microUsd: bigint } | null = null;
  private latestSeconds = 0;
  private version = 0;
  /** The board as last asked for; null once an event changed it. */
  private last: BoardAt | null = null;
  /** The launches and graduations the last batch brought (each once, however often the log brings it). */
  newMilestones: LoggedEvent[] = [];
  private readonly service: ReadonlySet<string>;
  private readonly valuing: ValuingMints;

  constructor(serviceWallets: readonly string[], stablecoinMint: string) {
    this.service = new Set(serviceWallets);
    this.valuing = valuingMints(stablecoinMint);
  }

  searchedOf(mint: string): SearchedText | undefined {
    return this.coins.get(mint)?.searched;
  }

  /** The coin's launch facts as the coins table holds them; undefined when it is not a coin. */
  launchOf(mint: string): LaunchRow | undefined {
    return this.coins.get(mint)?.launch;
  }

  /** The coin's holders, largest first (ties by wallet), at most `limit`, and how many there are. */
  holders(mint: string, limit: number): { count: number; top: { wallet: string; amount: bigint }[] } {
    const holders = this.coins.get(mint)?.holders ?? new Map<string, bigint>();
    const top = [...holders]
      .sort(([a, x], [b, y]) => (x === y ? (a < b ? -1 : 1) : x > y ? -1 : 1))
      .slice(0, limit)
      .map(([wallet, amount]) => ({ wallet, amount }));
    return { count: holders.size, top };
  }

  /** The launch of every coin launched at or after `fromSlot`, in launch order (slot, then mint). */
  launchedFrom(fromSlot: number): LaunchRow[] {
    return [...this.coins.values()]
      .map(({ launch }) => launch)
      .filter((launch) => launch.launchSlot >= fromSlot)
      .sort((a, b) => a.launchSlot - b.launchSlot || (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0));
  }

  creatorCoins(creator: string): string[] {
    return [...this.coins.values()].filter((coin) => coin.launch.creator === creator).map((coin) => coin.launch.mint);
  }

  /** The latest SOL price posted, micro-USD; null before any. */
  get solMicroUsd(): bigint | null {
    return this.price?.microUsd ?? null;
  }

  /** Every coin's row at `nowSeconds` (the same object while nothing changed and the second is the same; the same
   * rows, orders and version while no event came and every row's window reads the same). */
  at(nowSeconds: number): BoardAt {
    const last = this.last;
    if (last?.nowSeconds === nowSeconds) return last;
    const rows = new Map<string, BoardRow>();
    let same = last !== null;
    for (const [mint, coin] of this.coins) {
      const row = this.rowAt(coin, nowSeconds);
      if (same) same = rowWindow(last!.rows.get(mint)!, last!.nowSeconds) === rowWindow(row, nowSeconds);
      rows.set(mint, row);
    }
    this.last = same ? { ...last!, nowSeconds } : { nowSeconds, version: ++this.version, rows, solMicroUsd: this.solMicroUsd, orders: new Map() };
    return this.last;
  }

  /** `amount` raw quote units of `row`'s quote in lamports at the board's SOL price; null when it cannot be valued. */
  lamports(row: BoardRow, amount: string | null, board: BoardAt): bigint | null {
    return amount === null ? null : lamportsValue(BigInt(amount), row.quoteMint, this.valuing, board.solMicroUsd);
  }

  /** The board's coins in the list's order for `sort`: newest first; or by 24-hour volume or market cap in lamports,
   * largest first, coins still pending or without a lamport value last, then newest first. */
  sorted(board: BoardAt, sort: CoinListQuery['sort']): BoardRow[] {
    const kept = board.orders.get(sort);
    if (kept !== undefined) return kept;
    const rows = [...board.rows.values()];
    const newestFirst = (a: BoardRow, b: BoardRow) =>
      b.launchMs - a.launchMs || b.launchSlot - a.launchSlot || (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0);
    if (sort === 'newest') rows.sort(newestFirst);
    else {
      const sortValue = (row: BoardRow) => this.lamports(row, sort === 'volume' ? row.volume24h : row.marketCap, board);
      const value = new Map(rows.map((row) => [row, figuresPending(row, board.nowSeconds) ? null : sortValue(row)]));
      rows.sort((a, b) => {
        const [va, vb] = [value.get(a)!, value.get(b)!];
        if (va === vb) return newestFirst(a, b);
        if (va === null || vb === null) return va === null ? 1 : -1;
        return va > vb ? -1 : 1;
      });
    }
    board.orders.set(sort, rows);
    return rows;
  }

  /** One page of the coin list: the coins `query` filters in, in its order, and the offset of the next page. */
  page(board: BoardAt, query: CoinListQuery): { page: BoardRow[]; next: number | null } {
    const graduated = query.graduated === 'any' ? null : query.graduated === 'true';
    // `q` matches the mint itself, the symbol equal to it (a leading `$` dropped) or a name containing it, without
    // regard to case (as JavaScript lowercases).
    const text = query.q?.toLowerCase();
    const symbol = text?.replace(/^\$/, '');
    const matches = (row: BoardRow) => {
      const searched = this.coins.get(row.mint)!.searched;
      return row.mint === query.q || searched.symbol === symbol || searched.name.includes(text!);
    };
    const chosen = this.sorted(board, query.sort).filter(
      (row) =>
        (query.mode === 'any' || row.mode === query.mode) &&
        (graduated === null || (row.graduatedAt !== null) === graduated) &&
        (query.q === undefined || matches(row)),
    );
    const end = query.offset + query.limit;
    return { page: chosen.slice(query.offset, end), next: chosen.length > end ? end : null };
  }

  async load(olap: Olap, slices: readonly string[][], nowSeconds: number): Promise<void> {
    this.coins = new Map();
    this.guard = new ChainGuard();
    this.price = null;
    this.last = null;
    // What the batch before brought is not new to the views as loaded (a rebuild loads them again).
    this.newMilestones = [];
    const since = Math.floor(nowSeconds / DAY) * DAY - DAY;
    // Of its columns only UInt64 and wider come back as text (infra/olap/json-rows.ts); the launch slot is a number.
    for (const row of await olap.query<LaunchRow>(`SELECT * FROM ${COINS_TABLE} FINAL`)) this.launched({ ...row, launchSlot: Number(row.launchSlot) });
    const graduations = await olap.query<{ mint: string; time: string; pool: string }>(`SELECT mint, time, pool FROM ${COIN_GRADUATIONS_TABLE} FINAL`);
    for (const row of graduations) this.graduated(row.mint, secondsOf(row.time), row.pool);
    for (const mints of slices) {
      // The trades since the window's start, and those of each coin's last slot before it: the reserves at its start.
      const trades = await olap.query<{ mint: string; id: string; slot: string; seconds: number; volume: string; quote: string; coin: string }>(
        `SELECT mint, id, slot, toUnixTimestamp(time) AS seconds, quoteAmount AS volume, reserveQuote AS quote, reserveCoin AS coin
         FROM ${TRADES_TABLE} FINAL WHERE mint IN {mints:Array(String)} AND (time >= toDateTime({since:UInt32}) OR (mint, slot) IN (
           SELECT mint, max(slot) FROM ${TRADES_TABLE} WHERE mint IN {mints:Array(String)} AND time < toDateTime({since:UInt32}) GROUP BY mint))
         ORDER BY mint, slot, logOffset, id`,
        { since, mints },
      );
      for (const row of trades) this.traded(row.mint, Number(row.slot), row.id, Number(row.seconds), BigInt(row.volume), row);
      // Emptied accounts too: their slot keeps an older change the log brings again from counting.
      const balances = await olap.query<{ mint: string; tokenAccount: string; owner: string; amount: string; slot: string }>(
        `SELECT mint, tokenAccount, owner, balance AS amount, slot FROM ${BALANCES_TABLE} FINAL WHERE mint IN {mints:Array(String)}`,
        { mints },
      );
      for (const row of balances) this.balance(row.mint, row.tokenAccount, row.owner, BigInt(row.amount), Number(row.slot));
    }
    const [price] = await olap.query<{ slot: string; microUsd: string }>(
      `SELECT slot, microUsd FROM ${PRICES_TABLE} FINAL WHERE asset = 'SOL' ORDER BY time DESC, slot DESC LIMIT 1`,
    );
    if (price !== undefined) this.price = { slot: Number(price.slot), microUsd: BigInt(price.microUsd) };
  }

  handle(events: readonly LoggedEvent[]): TouchedCoins {
    const touched = new Set<string>();
    let everyCoin = false;
    this.newMilestones = [];
    for (const logged of events) {
      const { event } = logged;
      if (event.type === 'price.updated') {
        if (this.price !== null && event.slot < this.price.slot) continue;
        this.price = { slot: event.slot, microUsd: BigInt(event.data.microUsd) };
        everyCoin = true;
      } else if (event.type === 'coin.launched' || event.type === 'coin.graduated') {
        if (!(event.type === 'coin.launched' ? this.launched(coinRow(event)) : this.graduated(event.data.mint, event.blockTime, event.data.pool))) continue;
        touched.add(event.data.mint);
        this.newMilestones.push(logged);
      } else if (event.type === 'trade') {
        const { mint, quoteAmount, reserves } = event.data;
        if (this.traded(mint, event.slot, event.id, event.blockTime, BigInt(quoteAmount), reserves)) touched.add(mint);
      } else if (event.type === 'token.balance_changed') {
        if (this.balance(event.data.mint, event.data.tokenAccount, event.data.owner, BigInt(event.data.post), event.slot)) touched.add(event.data.mint);
      }
    }
    if (everyCoin || touched.size > 0) this.last = null;
    return everyCoin ? null : touched;
  }

  private launched(launch: LaunchRow): boolean {
    if (this.coins.has(launch.mint)) return false;
    const searched = searchedText(launch.untrustedSymbol, launch.untrustedName);
    this.coins.set(launch.mint, { launch, searched, graduation: null, ticks: [], accounts: new Map(), holders: new Map() });
    return true;
  }

  private graduated(mint: string, seconds: number, pool: string): boolean {
    const coin = this.coins.get(mint);
    if (coin === undefined || coin.graduation !== null) return false;
    // The locked pool is a venue from now on: what it holds no longer counts as a holder's.
    coin.holders.delete(pool);
    coin.graduation = { seconds, pool };
    return true;
  }

  /** Folds a trade in; whether it was new. */
  private traded(mint: string, slot: number, id: string, seconds: number, volume: bigint, reserves: Pick<Tick, 'quote' | 'coin'>): boolean {
    const coin = this.coins.get(mint);
    if (coin === undefined || !this.guard.admit(mint, slot, id)) return false;
    const { ticks } = coin;
    const after = { quote: reserves.quote, coin: reserves.coin };
    // The second's tick (a new last one, or, were block times ever to go back, an earlier one) and the sums after it.
    const at = firstAtOrAfter(ticks, seconds);
    if (ticks[at]?.seconds !== seconds) ticks.splice(at, 0, { seconds, volumeThrough: volumeThrough(ticks, at - 1), ...after });
    else if (at === ticks.length - 1) Object.assign(ticks[at]!, after);
    for (let i = at; i < ticks.length; i++) ticks[i]!.volumeThrough += volume;
    this.latestSeconds = Math.max(this.latestSeconds, seconds);
    const drop = Math.min(firstAtOrAfter(ticks, this.latestSeconds - KEPT_SECONDS) - 1, ticks.length - 1);
    if (drop > 0) ticks.splice(0, drop);
    return true;
  }

  /** An account's balance; whether it was taken. */
  private balance(mint: string, account: string, owner: string, balance: bigint, slot: number): boolean {
    const coin = this.coins.get(mint);
    if (coin === undefined) return false;
    const held = coin.accounts.get(account);
    if (held !== undefined && slot < held.slot) return false;
    if (held !== undefined) this.addToHolder(coin, held.owner, -held.balance);
    coin.accounts.set(account, { owner, balance, slot });
    this.addToHolder(coin, owner, balance);
    return true;
  }

  /** Adds to `owner`'s sum when it can be a holder of `coin`: not one of its venues nor a service wallet. */
  private addToHolder({ launch, graduation, holders }: BoardCoin, owner: string, amount: bigint): void {
    if (this.service.has(owner) || owner === launch.curve || owner === launch.pool || owner === graduation?.pool) return;
    const sum = (holders.get(owner) ?? 0n) + amount;
    if (sum === 0n) holders.delete(owner);
    else holders.set(owner, sum);
  }

  private rowAt(coin: BoardCoin, nowSeconds: number): BoardRow {
    const { launch, ticks } = coin;
    const initial =
      launch.initialReserveQuote === null || launch.initialReserveCoin === null ? null : { quote: launch.initialReserveQuote, coin: launch.initialReserveCoin };
    const latest = ticks.at(-1) ?? initial ?? { quote: '0', coin: '0' };
    // The last ticks at or before now and 24 hours ago (-1: none).
    const end = firstAtOrAfter(ticks, nowSeconds + 1) - 1;
    const start = firstAtOrAfter(ticks, nowSeconds - DAY + 1) - 1;
    const volume = volumeThrough(ticks, end) - volumeThrough(ticks, start);
    const reference = start >= 0 ? ticks[start]! : (initial ?? (end >= 0 ? ticks[0]! : null) ?? latest);
    const spotCoin = BigInt(latest.coin);
    return {
      ...launch,
      createdAt: secondsOf(launch.launchTime),
      launchMs: msOf(launch.launchTime),
      graduatedAt: coin.graduation?.seconds ?? null,
      graduatedPool: coin.graduation?.pool ?? null,
      lastQuote: latest.quote,
      lastCoin: latest.coin,
      refQuote: reference.quote,
      refCoin: reference.coin,
      volume24h: volume.toString(),
      marketCap: spotCoin === 0n ? null : ((BigInt(launch.totalSupply) * BigInt(latest.quote)) / spotCoin).toString(),
      holders: coin.holders.size,
    };
  }
}
