// The coin board: every coin's row at one second, for the coin list, one coin, the token search and the ideas board,
// made of every coin's facts (coin-facts.ts) and 24-hour figures at that second (projections/coin-figures). A row
// takes the latest reserves, else those at launch; as reference the reserves 24 hours back, else at launch, else
// after the window's first trade; market cap = supply x spot quote / spot coin. Sorted orders are kept with the board.
//
// A new second's board keeps every row of the board before whose values are the same, and is the board before itself
// when every row is and no coin's pending minute began or ended in between, so answers built from a board are kept
// while it is the same object: a board serves a span of seconds, `nowSeconds` the first.
//
// It is one read path answer: while the API's clock follows the wall clock, the first request in a new second gets
// the board before (tables unchanged) while that second's is read behind it. After a write, the first request waits
// for the new board and those arriving meanwhile get the one before. With a fixed clock (tests) every request at a
// second gets exactly that second's board.
import { COIN_DAY_CLOSES_TABLE, COIN_TRADE_TICKS_TABLE } from '../../projections/coin-figures/table.js';
import { windowFigures, type WindowFigures } from '../../projections/coin-figures/queries.js';
import type { ReadPath } from '../../projections/read-path.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import type { CoinListQuery } from '../../schemas/api/coins.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import { FIGURES_PENDING_SECONDS, figuresPending } from '../figures.js';
import { allCoinFacts, FACT_TABLES } from './coin-facts.js';
import type { CoinFacts, CoinRow } from './coin-sql.js';

/** A coin's row with what the list orders by. */
export interface BoardRow extends CoinRow {
  launchMs: number;
  launchSlot: number;
}

export interface CoinBoard {
  /** The first second this board was read for; it shows the same at every second it is served for. */
  nowSeconds: number;
  /** By mint. */
  rows: Map<string, BoardRow>;
  /** Sorted lists, by sort and the SOL price they were valued at. */
  orders: Map<string, BoardRow[]>;
  /** The same object from board to board while the boards hold the same coins: what a coin is known by (mint, name,
   * symbol, launch time) never changes, so reads of those alone (text matches) are kept by it, not by the board,
   * whose figures move every second or so on a trading market. */
  roster: object;
}

const FIGURE_TABLES = [COIN_TRADE_TICKS_TABLE, COIN_DAY_CLOSES_TABLE, TRADES_TABLE];
const BOARD_TABLES = [...FACT_TABLES, ...FIGURE_TABLES];

function boardRow(facts: CoinFacts, figures: WindowFigures | undefined): BoardRow {
  const { initialReserveQuote, marketQuote, marketCoin, ...row } = facts;
  const lastQuote = marketQuote ?? initialReserveQuote ?? '0';
  const lastCoin = marketCoin ?? facts.initialReserveCoin ?? '0';
  const before = figures?.before ?? null;
  const refQuote = before !== null ? before.quote : (initialReserveQuote ?? figures?.first?.quote ?? marketQuote ?? '0');
  const refCoin = before !== null ? before.coin : (facts.initialReserveCoin ?? figures?.first?.coin ?? marketCoin ?? '0');
  const spotCoin = BigInt(lastCoin);
  return {
    ...row,
    lastQuote,
    lastCoin,
    refQuote,
    refCoin,
    volume24h: figures?.volume ?? '0',
    marketCap: spotCoin === 0n ? null : ((BigInt(facts.totalSupply) * BigInt(lastQuote)) / spotCoin).toString(),
  };
}

/** Whether two rows hold the same values (arrays compared item by item). */
function sameRow(a: BoardRow, b: BoardRow): boolean {
  for (const key of Object.keys(b) as (keyof BoardRow)[]) {
    const x = a[key];
    const y = b[key];
    if (x === y) continue;
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  }
  return true;
}

/** The list sorts a coin as pending by its launch time in milliseconds (sortedRows). */
const sortsPendingAt = (row: BoardRow, second: number) => row.launchMs > (second - FIGURES_PENDING_SECONDS) * 1000;

function samePendingCoins(board: CoinBoard, second: number): boolean {
  for (const row of board.rows.values()) {
    if (figuresPending(row, board.nowSeconds) !== figuresPending(row, second)) return false;
    if (sortsPendingAt(row, board.nowSeconds) !== sortsPendingAt(row, second)) return false;
  }
  return true;
}

/** What each row was made from: it is made again only when its coin's facts or figures are new objects (making a
 * row of some 35 fields costs about 10 µs, so making all of them for every second's board took ~15 ms). */
const madeFrom = new WeakMap<BoardRow, { facts: CoinFacts; figures: WindowFigures | undefined }>();

/** The board at `nowSeconds`, read from the store; `before` (any earlier board) lends its rows that hold the same
 * values, and is returned itself when nothing it shows differs at `nowSeconds`. */
async function readBoard(reads: ReadPath, nowSeconds: number, before: CoinBoard | null): Promise<CoinBoard> {
  const facts = await allCoinFacts(reads);
  const figures = await windowFigures(
    reads,
    nowSeconds,
    facts.map((coin) => coin.mint),
  );
  const rows = new Map<string, BoardRow>();
  // The same coins as `before` (its roster then holds), and every row too (then `before` itself is the board).
  let sameCoins = before !== null && before.rows.size === facts.length;
  let same = sameCoins;
  for (const coin of facts) {
    const window = figures.get(coin.mint);
    const kept = before?.rows.get(coin.mint);
    const from = kept === undefined ? undefined : madeFrom.get(kept);
    let row = kept;
    if (row === undefined || from?.facts !== coin || from.figures !== window) {
      const made = boardRow(coin, window);
      if (row === undefined || !sameRow(row, made)) row = made;
      madeFrom.set(row, { facts: coin, figures: window });
    }
    if (kept === undefined) sameCoins = false;
    same &&= row === kept;
    rows.set(coin.mint, row);
  }
  if (same && before !== null && samePendingCoins(before, nowSeconds)) return before;
  return { nowSeconds, rows, orders: new Map(), roster: sameCoins && before !== null ? before.roster : {} };
}

/** Every coin's row at `nowSeconds`, kept on the read path while the tables and the second are the same (see the
 * header for when a request gets the board read before). */
export function boardAt(reads: ReadPath, nowSeconds: number): CoinBoard | Promise<CoinBoard> {
  const source = {
    tables: BOARD_TABLES,
    variant: String(nowSeconds),
    previousWhileRefreshing: true,
    previousOfVariant: Math.floor(Date.now() / 1000) === nowSeconds,
  };
  return reads.answer('coin-board', source, (before: CoinBoard | null) => readBoard(reads, nowSeconds, before));
}

/** A raw quote-unit amount in lamports, so coins of different pairs rank together: SOL as is, the dollar
 * stablecoin at the latest SOL price (micro-USD, 0 when none), another quote not at all. */
function inLamports(amount: string | null, row: BoardRow, stablecoinMint: string, solMicroUsd: bigint): bigint | null {
  if (amount === null) return null;
  if (row.quoteMint === NATIVE_MINT_ID) return BigInt(amount);
  if (row.quoteMint === stablecoinMint && solMicroUsd > 0n) return (BigInt(amount) * 10n ** 15n) / (10n ** BigInt(row.quoteDecimals) * solMicroUsd);
  return null;
}

const byMint = (a: BoardRow, b: BoardRow) => (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0);
const newestFirst = (a: BoardRow, b: BoardRow) => b.launchMs - a.launchMs || b.launchSlot - a.launchSlot || byMint(a, b);

/** The board's coins in the list's order for `sort`: newest first; or by 24-hour volume or market cap in lamports,
 * largest first, coins still pending or without a lamport value last, then newest first. */
export function sortedRows(board: CoinBoard, sort: CoinListQuery['sort'], stablecoinMint: string, solMicroUsd: bigint): BoardRow[] {
  const key = `${sort}|${stablecoinMint}|${sort === 'newest' ? '' : solMicroUsd}`;
  const kept = board.orders.get(key);
  if (kept !== undefined) return kept;
  const rows = [...board.rows.values()];
  if (sort === 'newest') {
    rows.sort(newestFirst);
  } else {
    const values = new Map<BoardRow, bigint | null>();
    for (const row of rows) {
      const amount = sort === 'volume' ? row.volume24h : row.marketCap;
      values.set(row, sortsPendingAt(row, board.nowSeconds) ? null : inLamports(amount, row, stablecoinMint, solMicroUsd));
    }
    rows.sort((a, b) => {
      const va = values.get(a)!;
      const vb = values.get(b)!;
      if (va !== vb) {
        if (va === null) return 1;
        if (vb === null) return -1;
        return va > vb ? -1 : 1;
      }
      return b.launchMs - a.launchMs || byMint(a, b);
    });
  }
  board.orders.set(key, rows);
  return rows;
}
