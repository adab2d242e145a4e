// Tables of the `coin-figures` read model: what a coin's 24-hour figures (volume, the change against the
// reserves 24 hours ago) are computed from, kept so that every coin's figures come from one short read instead of
// a scan of all trades.
//
// coin_trade_ticks — each trade's time, chain position, quote amount and reserves after it, sorted by time first:
//   the last day (and the part of the day before it that the reference needs) is one contiguous range for every
//   coin at once. ReplacingMergeTree with the trades table's key columns (time, mint, slot, id): a replayed trade
//   lands on its own row and FINAL keeps one, as in `trades`.
// coin_day_closes — per coin and UTC day, the reserves after the coin's last trade of that day by chain order:
//   ReplacingMergeTree(version) ORDER BY (mint, day), version = chainVersion(slot, logOffset), so each batch writes
//   its latest trade of the day and FINAL keeps the latest of all, whatever order batches are written or replayed in.
//   The reserves at any earlier time are those of the latest close before its day, or of a tick of that day.
import type { TableDef } from '../projector.js';

export const COIN_TRADE_TICKS_TABLE = 'coin_trade_ticks';
export const COIN_DAY_CLOSES_TABLE = 'coin_day_closes';

export type TradeTickRow = {
  time: string;
  mint: string;
  slot: number;
  logOffset: bigint;
  id: string;
  quoteAmount: string;
  reserveQuote: string;
  reserveCoin: string;
};

export type DayCloseRow = {
  mint: string;
  /** 'YYYY-MM-DD', UTC. */
  day: string;
  version: bigint;
  slot: number;
  logOffset: bigint;
  id: string;
  reserveQuote: string;
  reserveCoin: string;
};

export const coinTradeTicksTable: TableDef = {
  name: COIN_TRADE_TICKS_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${COIN_TRADE_TICKS_TABLE} (
  time DateTime64(3, 'UTC'), mint String, slot UInt64, logOffset UInt64, id String,
  quoteAmount UInt128, reserveQuote UInt128, reserveCoin UInt128
) ENGINE = ReplacingMergeTree PARTITION BY toYYYYMM(time) ORDER BY (time, mint, slot, id)`,
};

export const coinDayClosesTable: TableDef = {
  name: COIN_DAY_CLOSES_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${COIN_DAY_CLOSES_TABLE} (
  mint String, day Date, version UInt128, slot UInt64, logOffset UInt64, id String, reserveQuote UInt128, reserveCoin UInt128
) ENGINE = ReplacingMergeTree(version) ORDER BY (mint, day)`,
};
