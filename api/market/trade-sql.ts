// Statements that fill and refresh the resident trades (trade-book.ts): how many rows each coin has (to cut the
// bulk load into runs of coins) and the trades of a run of coins (a mint range) from a slot on. Both read
// the trades table with FINAL, so each event id comes once with its latest written row, as the SQL pages read it.
// Filtering FINAL by `mint` and `slot` is exact: both are in the table's sorting key, so every copy of a row passes
// or fails the filter together. Trades come back as one row of arrays per coin, sorted in page order before they are
// grouped: about half the engine's output and the parsing of a row per trade, and no object per trade.
import type { Olap } from '../../infra/olap/olap.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';

const PAGE_ORDER = 'time, slot, logOffset, id';

/** Rows per coin in mint order, duplicates not yet merged counted (sizes to plan chunks by, not trade counts). */
export async function tradeRowCounts(olap: Olap): Promise<[string, number][]> {
  const rows = await olap.query<{ mint: string; rows: string }>(`SELECT mint, toString(count()) AS rows FROM ${TRADES_TABLE} GROUP BY mint ORDER BY mint`);
  return rows.map((row) => [row.mint, Number(row.rows)]);
}

/** One coin's trades as read: a column per field. */
export interface TradeColumns {
  ids: string[];
  slots: string[];
  seconds: number[];
  offsets: string[];
  sides: ('buy' | 'sell')[];
  traders: string[];
  coins: string[];
  quotes: string[];
}

/** The trades of the coins from `fromMint` to `toMint` (inclusive) at or after `fromSlot`, by mint. */
export async function tradesOf(olap: Olap, fromMint: string, toMint: string, fromSlot = 0): Promise<Map<string, TradeColumns>> {
  const rows = await olap.query<TradeColumns & { mint: string }>(
    `SELECT mint, groupArray(id) AS ids, groupArray(toString(slot)) AS slots, groupArray(toUnixTimestamp(time)) AS seconds,
       groupArray(toString(logOffset)) AS offsets, groupArray(side) AS sides, groupArray(trader) AS traders,
       groupArray(toString(coinAmount)) AS coins, groupArray(toString(quoteAmount)) AS quotes
     FROM (
       SELECT * FROM ${TRADES_TABLE} FINAL
       WHERE mint BETWEEN {fromMint:String} AND {toMint:String} AND slot >= {fromSlot:UInt64}
       ORDER BY mint, ${PAGE_ORDER}
     )
     GROUP BY mint`,
    { fromMint, toMint, fromSlot },
  );
  return new Map(rows.map((row) => [row.mint, row]));
}
