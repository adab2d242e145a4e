// The coin board: every coin's row at one second, in memory, for the coin list, one coin, the token search and the
// ideas board. Two reads make it: every coin's facts (coins, graduations, latest market state: kept until one of
// those tables changes) and every coin's 24-hour figures at that second (projections/coin-figures: read in full
// once, then stepped from second to second by what crossed the window's edges while its tables are unchanged). Rows are put together as the single-statement SQL did: latest reserves, else
// those at launch; the reference reserves 24 hours back, else at launch, else after the window's first trade;
// market cap = supply x spot quote / spot coin. Sorted orders of the list are kept with the board.
//
// The figures move with the clock, so while the API's clock follows the wall clock the board of the next second
// is read shortly before that second begins: a request at a second's start finds it ready unless a table changed.
import type { Olap } from '../../infra/olap/olap.js';
import { COIN_DAY_CLOSES_TABLE, COIN_TRADE_TICKS_TABLE } from '../../projections/coin-figures/table.js';
import { windowFigures, type WindowFigures } from '../../projections/coin-figures/queries.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../../projections/coins/table.js';
import { keptAnswer } from '../../projections/kept-reads.js';
import { COIN_MARKETS_TABLE, TRADES_TABLE } from '../../projections/trades/table.js';
import type { CoinListQuery } from '../../schemas/api/coins.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import { FIGURES_PENDING_SECONDS } from '../figures.js';
import { COIN_FACTS_SQL, coinFacts, type CoinFacts, type CoinRow } from './coin-sql.js';

/** A coin's row with what the list orders by. */
export interface BoardRow extends CoinRow {
  launchMs: number;
  launchSlot: number;
}

export interface CoinBoard {
  nowSeconds: number;
  /** By mint. */
  rows: Map<string, BoardRow>;
  /** Sorted lists, by sort and the SOL price they were valued at. */
  orders: Map<string, BoardRow[]>;
}

const FACT_TABLES = [COINS_TABLE, COIN_GRADUATIONS_TABLE, COIN_MARKETS_TABLE];
const FIGURE_TABLES = [COIN_TRADE_TICKS_TABLE, COIN_DAY_CLOSES_TABLE, TRADES_TABLE];
const FACTS = { name: 'coin-facts', tables: FACT_TABLES, max: 1 };
const FIGURES = { name: 'coin-window-figures', tables: FIGURE_TABLES, max: 4 };
const BOARDS = { name: 'coin-boards', tables: [...FACT_TABLES, ...FIGURE_TABLES], max: 4 };
/** How long before a second begins its board is read. */
const READ_AHEAD_MS = 400;

/** Every coin's facts, kept while coins, graduations and markets are unchanged. */
export function allCoinFacts(olap: Olap): Promise<CoinFacts[]> {
  return keptAnswer(olap, FACTS, '', async () => (await olap.query<Parameters<typeof coinFacts>[0]>(COIN_FACTS_SQL)).map(coinFacts));
}

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

/** Every coin's row at `nowSeconds`. */
export function coinBoard(olap: Olap, nowSeconds: number): Promise<CoinBoard> {
  readNextSecondAhead(olap, nowSeconds);
  return keptAnswer(olap, BOARDS, String(nowSeconds), async () => {
    const facts = await allCoinFacts(olap);
    const figures = await keptAnswer(olap, FIGURES, String(nowSeconds), () => windowFigures(olap, nowSeconds));
    return { nowSeconds, rows: new Map(facts.map((coin) => [coin.mint, boardRow(coin, figures.get(coin.mint))])), orders: new Map() };
  });
}

const readAhead = new WeakMap<Olap, number>();

function readNextSecondAhead(olap: Olap, nowSeconds: number): void {
  const wallMs = Date.now();
  if (Math.floor(wallMs / 1000) !== nowSeconds || readAhead.get(olap) === nowSeconds + 1) return;
  readAhead.set(olap, nowSeconds + 1);
  const timer = setTimeout(() => {
    coinBoard(olap, nowSeconds + 1).catch(() => {});
  }, Math.max(0, (nowSeconds + 1) * 1000 - READ_AHEAD_MS - wallMs));
  timer.unref();
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
    const pendingAfterMs = (board.nowSeconds - FIGURES_PENDING_SECONDS) * 1000;
    const value = new Map(
      rows.map((row) => [row, row.launchMs > pendingAfterMs ? null : inLamports(sort === 'volume' ? row.volume24h : row.marketCap, row, stablecoinMint, solMicroUsd)]),
    );
    rows.sort((a, b) => {
      const va = value.get(a)!;
      const vb = value.get(b)!;
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
