// Every coin's 24-hour trade figures at a second: the quote volume of its trades in the 24 hours up to `now`, the
// reserves after its last trade at or before the window's start, and, for a coin without one, after its first trade
// in the window (first and last by chain order: slot, log offset, event id).
//
// One full read gives them at a second: the window and the part of the day before it from coin_trade_ticks,
// anything earlier from the closes of the days before (table.ts). From then on, while the tables are unchanged,
// the next seconds are stepped to: only the ticks that entered the window (time in (then, now]) or left it (time
// in (then - 24 h, now - 24 h]) are read, and each coin's figures updated: volume by what entered and left, the
// reference by the latest of what left, and the first trade by what entered while no trade has left (a coin with a
// trade before the window needs no first: every later window has one before it too). A step back in time, a long
// step or a change to the tables reads in full again; where the caller names its coins, a change reads again only
// the coins whose rows it wrote (the read path's coin versions; at the state's second, then steps on). Held as the
// read path's index.
import type { Olap } from '../../infra/olap/olap.js';
import type { ReadPath } from '../read-path.js';
import { TRADES_TABLE } from '../trades/table.js';
import { COIN_DAY_CLOSES_TABLE, COIN_TRADE_TICKS_TABLE } from './table.js';

export interface WindowFigures {
  /** Quote raw units traded in (now - 24 h, now], fees excluded. */
  volume: string;
  /** Reserves after the window's first trade, for a coin without a trade before the window; else null. */
  first: { quote: string; coin: string } | null;
  /** Reserves after the last trade at or before now - 24 h; null without one. */
  before: { quote: string; coin: string } | null;
}

/** A trade's place in chain order and the reserves after it. */
interface Tick {
  slot: bigint;
  logOffset: bigint;
  id: string;
  quote: string;
  coin: string;
}

interface CoinWindow {
  volume: bigint;
  /** The window's first tick while `before` is null. */
  first: Tick | null;
  before: Tick | null;
}

interface WindowState {
  version: string;
  now: number;
  coins: Map<string, CoinWindow>;
  /** Each coin's versions when its figures were read, where the caller named its coins. */
  coinMarks: Map<string, string> | null;
}

const DAY = 86_400;
/** Longest step in seconds taken by reading what crossed; a longer one reads in full. */
const MAX_STEP = 600;
/** Past this share of coins written since their figures were read, every coin is read in one statement instead. */
const MOST_WRITTEN = 0.25;
const TABLES = [COIN_TRADE_TICKS_TABLE, COIN_DAY_CLOSES_TABLE, TRADES_TABLE];

/** [slot, logOffset, id, reserveQuote, reserveCoin] as strings. */
type TickSql = [string, string, string, string, string];

const tick = ([slot, logOffset, id, quote, coin]: TickSql): Tick => ({ slot: BigInt(slot), logOffset: BigInt(logOffset), id, quote, coin });

function compare(a: Tick, b: Tick): number {
  if (a.slot !== b.slot) return a.slot < b.slot ? -1 : 1;
  if (a.logOffset !== b.logOffset) return a.logOffset < b.logOffset ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const TICK_COLUMNS = (prefix = '') =>
  `tuple(toString(${prefix}slot), toString(${prefix}logOffset), ${prefix}id, toString(${prefix}reserveQuote), toString(${prefix}reserveCoin))`;

/** Every coin's figures at `{now:UInt32}`; with `forMints`, only those of the coins in `{mints:Array(String)}`, their
 * window read from the trades table (the same rows as the ticks, sorted by coin first). */
export const windowFiguresSql = (forMints = false) => {
  const only = forMints ? ' AND mint IN {mints:Array(String)}' : '';
  return `
  WITH toDateTime64({now:UInt32}, 3, 'UTC') AS now_time, now_time - INTERVAL 1 DAY AS day_ago, toStartOfDay(day_ago) AS day_start
  SELECT mint,
    toString(sumIf(quoteAmount, in_window)) AS volume,
    countIf(in_window) AS windowTrades,
    argMinIf(tick, position, in_window) AS first,
    countIf(NOT in_window) AS earlierTrades,
    argMaxIf(tick, position, NOT in_window) AS before
  FROM (
    SELECT mint, quoteAmount, ${TICK_COLUMNS()} AS tick, (slot, logOffset, id) AS position, time > day_ago AS in_window
    FROM ${forMints ? TRADES_TABLE : COIN_TRADE_TICKS_TABLE} FINAL
    WHERE time >= day_start AND time <= now_time${only}
    UNION ALL
    SELECT mint, toUInt128(0) AS quoteAmount, ${TICK_COLUMNS()} AS tick, (slot, logOffset, id) AS position, false AS in_window
    FROM ${COIN_DAY_CLOSES_TABLE} FINAL
    WHERE day < toDate(day_start)${only}
  )
  GROUP BY mint`;
};

export const WINDOW_FIGURES_SQL = windowFiguresSql();

type WindowRow = { mint: string; volume: string; windowTrades: string; first: TickSql; earlierTrades: string; before: TickSql };

function coinWindow(row: WindowRow): CoinWindow {
  const before = Number(row.earlierTrades) > 0 ? tick(row.before) : null;
  return { volume: BigInt(row.volume), first: before === null && Number(row.windowTrades) > 0 ? tick(row.first) : null, before };
}

/** Each of `mints`' versions of the tables. */
function marksOf(reads: ReadPath, mints: Iterable<string>): Map<string, string> {
  const marks = new Map<string, string>();
  for (const mint of mints) marks.set(mint, reads.version(TABLES, mint));
  return marks;
}

async function readInFull(reads: ReadPath, version: string, now: number, mints: readonly string[] | undefined): Promise<WindowState> {
  // Per-coin versions (to read only written coins later) are taken before the read; a coin not asked about gets hers
  // after it, valid only when nothing was written meanwhile (else '': read again at the next change).
  const coinMarks = mints === undefined ? null : marksOf(reads, mints);
  const rows = await reads.olap.query<WindowRow>(WINDOW_FIGURES_SQL, { now });
  const coins = new Map(rows.map((row) => [row.mint, coinWindow(row)]));
  if (coinMarks !== null) {
    const unchanged = reads.version(TABLES) === version;
    for (const mint of coins.keys()) if (!coinMarks.has(mint)) coinMarks.set(mint, unchanged ? reads.version(TABLES, mint) : '');
  }
  return { version, now, coins, coinMarks };
}

/** The state with the figures of the coins (of the state and `mints`) whose rows were written since their marks read
 * again at the state's second; null when so many were that one full read is better. `state` is left as it was. */
async function readWritten(reads: ReadPath, state: WindowState, version: string, mints: readonly string[]): Promise<WindowState | null> {
  const kept = state.coinMarks!;
  const now = marksOf(reads, new Set([...state.coins.keys(), ...mints]));
  const written = [...now].filter(([mint, mark]) => kept.get(mint) !== mark).map(([mint]) => mint);
  if (written.length > now.size * MOST_WRITTEN) return null;
  const coins = new Map(state.coins);
  const coinMarks = new Map(kept);
  if (written.length > 0) {
    const rows = await reads.olap.query<WindowRow>(windowFiguresSql(true), { now: state.now, mints: written });
    for (const mint of written) coins.delete(mint);
    for (const row of rows) coins.set(row.mint, coinWindow(row));
  }
  for (const mint of written) coinMarks.set(mint, now.get(mint)!);
  return { version, now: state.now, coins, coinMarks };
}

const CROSSING_SQL = `
  SELECT mint, toString(quoteAmount) AS quoteAmount, ${TICK_COLUMNS()} AS tick, time > toDateTime64({since:UInt32}, 3, 'UTC') AS entered
  FROM ${COIN_TRADE_TICKS_TABLE} FINAL
  WHERE (time > toDateTime64({since:UInt32} - ${DAY}, 3, 'UTC') AND time <= toDateTime64({now:UInt32} - ${DAY}, 3, 'UTC'))
     OR (time > toDateTime64({since:UInt32}, 3, 'UTC') AND time <= toDateTime64({now:UInt32}, 3, 'UTC'))`;

/** `from` moved from its second to `now` (later, within MAX_STEP) by what crossed the window's edges, as a new
 * state: coins that moved are copies, the others shared; `from` is left as it was. */
async function step(olap: Olap, from: WindowState, now: number): Promise<WindowState> {
  const crossed = await olap.query<{ mint: string; quoteAmount: string; tick: TickSql; entered: number | boolean }>(CROSSING_SQL, { since: from.now, now });
  const state: WindowState = { ...from, coins: new Map(from.coins), now };
  const copied = new Set<string>();
  for (const row of crossed) {
    if (!copied.has(row.mint)) {
      state.coins.set(row.mint, { ...(state.coins.get(row.mint) ?? { volume: 0n, first: null, before: null }) });
      copied.add(row.mint);
    }
    const coin = state.coins.get(row.mint)!;
    const crossing = tick(row.tick);
    if (row.entered) {
      coin.volume += BigInt(row.quoteAmount);
      if (coin.before === null && (coin.first === null || compare(crossing, coin.first) < 0)) coin.first = crossing;
    } else {
      coin.volume -= BigInt(row.quoteAmount);
      if (coin.before === null || compare(crossing, coin.before) > 0) coin.before = crossing;
      coin.first = null;
    }
  }
  return state;
}

/** Each coin window's figures, made once: the same object for every second its window has not moved (a step copies
 * only the coins that crossed an edge), so callers can keep what they make of them. */
const shown = new WeakMap<CoinWindow, WindowFigures>();

function figures(state: WindowState): Map<string, WindowFigures> {
  const out = new Map<string, WindowFigures>();
  const reserves = (at: Tick | null) => (at === null ? null : { quote: at.quote, coin: at.coin });
  for (const [mint, coin] of state.coins) {
    let made = shown.get(coin);
    if (made === undefined) shown.set(coin, (made = { volume: coin.volume.toString(), first: reserves(coin.first), before: reserves(coin.before) }));
    out.set(mint, made);
  }
  return out;
}

interface Stepper {
  /** The state last read or stepped to, never changed once made. */
  state: WindowState | null;
  busy: Promise<unknown>;
}

/** The figures of every coin that traded at or before `nowSeconds` (unix seconds), by mint. Calls are answered
 * one after another, each stepped from the state kept when that is of a second at or before it (else read in full).
 * With `mints` (every coin the caller shows), a change makes only the written coins' figures be read again. */
export function windowFigures(reads: ReadPath, nowSeconds: number, mints?: readonly string[]): Promise<Map<string, WindowFigures>> {
  const own = reads.index<Stepper>('coin-window-figures', () => ({ state: null, busy: Promise.resolve() }));
  const answer = own.busy.then(async () => {
    const version = reads.version(TABLES);
    const kept = own.state !== null && own.state.now <= nowSeconds && nowSeconds - own.state.now <= MAX_STEP ? own.state : null;
    let next = kept?.version === version ? kept : null;
    if (next === null && kept?.coinMarks != null && mints !== undefined) next = await readWritten(reads, kept, version, mints);
    next ??= await readInFull(reads, version, nowSeconds, mints);
    if (nowSeconds > next.now) next = await step(reads.olap, next, nowSeconds);
    own.state = next;
    return figures(next);
  });
  own.busy = answer.catch(() => {});
  return answer;
}
