// Statements that fill and refresh the resident trades (trade-book.ts): how many rows each coin has (to cut the
// bulk load into chunks), every trade of a chunk of coins, and one coin's trades from a slot on. All read the
// trades table with FINAL, so each event id comes once with its latest written row, as the SQL pages read it.
// Filtering FINAL by `mint` and `slot` is exact: both are in the table's sorting key, so every copy of a row
// passes or fails the filter together.
import type { Olap } from '../../infra/olap/olap.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import type { TradeInput } from './coin-trades.js';

const COLUMNS = `id, toString(slot) AS slot, toUnixTimestamp(time) AS seconds, toString(logOffset) AS logOffset, side, trader,
  toString(coinAmount) AS coinAmount, toString(quoteAmount) AS quoteAmount`;
const PAGE_ORDER = 'time, slot, logOffset, id';

interface TradeSqlRow {
  mint?: string;
  id: string;
  slot: string;
  seconds: number;
  logOffset: string;
  side: 'buy' | 'sell';
  trader: string;
  coinAmount: string;
  quoteAmount: string;
}

function input(row: TradeSqlRow): TradeInput {
  return {
    id: row.id,
    slot: Number(row.slot),
    seconds: Number(row.seconds),
    logOffset: Number(row.logOffset),
    side: row.side,
    trader: row.trader,
    coinAmount: row.coinAmount,
    quoteAmount: row.quoteAmount,
  };
}

/** Rows per coin, duplicates not yet merged counted (a size to plan chunks by, not a count of trades). */
export async function tradeRowCounts(olap: Olap): Promise<Map<string, number>> {
  const rows = await olap.query<{ mint: string; rows: string }>(`SELECT mint, toString(count()) AS rows FROM ${TRADES_TABLE} GROUP BY mint`);
  return new Map(rows.map((row) => [row.mint, Number(row.rows)]));
}

/** Every trade of `mints`, by mint, each coin's in page order. */
export async function tradesOfCoins(olap: Olap, mints: readonly string[]): Promise<Map<string, TradeInput[]>> {
  const rows = await olap.query<TradeSqlRow>(
    `SELECT mint, ${COLUMNS} FROM ${TRADES_TABLE} FINAL WHERE mint IN {mints:Array(String)} ORDER BY mint, ${PAGE_ORDER}`,
    { mints },
  );
  const byMint = new Map<string, TradeInput[]>();
  for (const row of rows) {
    let list = byMint.get(row.mint!);
    if (list === undefined) byMint.set(row.mint!, (list = []));
    list.push(input(row));
  }
  return byMint;
}

/** The trades of `mint` at or after `slot`, in page order. */
export async function tradesFromSlot(olap: Olap, mint: string, slot: number): Promise<TradeInput[]> {
  const rows = await olap.query<TradeSqlRow>(
    `SELECT ${COLUMNS} FROM ${TRADES_TABLE} FINAL WHERE mint = {mint:String} AND slot >= {slot:UInt64} ORDER BY ${PAGE_ORDER}`,
    { mint, slot },
  );
  return rows.map(input);
}
