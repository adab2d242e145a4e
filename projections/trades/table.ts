// Tables of the `trades` read model: every trade, and the latest market state of each coin.
//
// trades — ReplacingMergeTree ORDER BY (mint, time, slot, id), PARTITION BY month. The sorting key ends in
//   the event id and its other parts (mint, time, slot) come from the event itself, so a replayed trade
//   lands on the same key and FINAL keeps one row: volumes and candles never double-count. `mint, time`
//   first serves the per-coin pages (`before` a time) and candle scans. `logOffset` orders trades of one
//   slot (same mint = same log partition) and is not part of the key, because a re-appended event may
//   carry a new offset.
// coin_markets — ReplacingMergeTree(version) ORDER BY mint: one row per coin, the state after its latest
//   trade; version = chainVersion(slot, logOffset), so a replay of older trades never overwrites a newer
//   state. Serves market cap and bonding progress without scanning trades.
import type { TableDef } from '../projector.js';

export const TRADES_TABLE = 'trades';
export const COIN_MARKETS_TABLE = 'coin_markets';

export type TradeRow = {
  id: string;
  signature: string;
  slot: number;
  time: string;
  logOffset: bigint;
  mint: string;
  side: 'buy' | 'sell';
  trader: string;
  coinAmount: string;
  /** Quote moved excluding the fee. */
  quoteAmount: string;
  feeAmount: string;
  referralFee: string;
  referrer: string | null;
  venue: 'curve' | 'pool';
  market: string;
  quoteMint: string;
  reserveCoin: string;
  reserveQuote: string;
  /** Execution price: quoteAmount per whole coin, quote raw units, rounded down (0 when coinAmount is 0). */
  price: bigint;
  /** Spot price after the trade: reserveQuote per whole coin of reserveCoin, rounded down. */
  spotPrice: bigint;
};

export type CoinMarketRow = {
  mint: string;
  version: bigint;
  slot: number;
  time: string;
  lastTradeId: string;
  venue: 'curve' | 'pool';
  market: string;
  quoteMint: string;
  reserveCoin: string;
  reserveQuote: string;
  lastPrice: bigint;
  spotPrice: bigint;
};

export const tradesTable: TableDef = {
  name: TRADES_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${TRADES_TABLE} (
  id String, signature String, slot UInt64, time DateTime64(3, 'UTC'), logOffset UInt64,
  mint String, side LowCardinality(String), trader String,
  coinAmount UInt128, quoteAmount UInt128, feeAmount UInt128, referralFee UInt128, referrer Nullable(String),
  venue LowCardinality(String), market String, quoteMint String,
  reserveCoin UInt128, reserveQuote UInt128, price UInt128, spotPrice UInt128
) ENGINE = ReplacingMergeTree PARTITION BY toYYYYMM(time) ORDER BY (mint, time, slot, id)`,
};

export const coinMarketsTable: TableDef = {
  name: COIN_MARKETS_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${COIN_MARKETS_TABLE} (
  mint String, version UInt128, slot UInt64, time DateTime64(3, 'UTC'), lastTradeId String,
  venue LowCardinality(String), market String, quoteMint String,
  reserveCoin UInt128, reserveQuote UInt128, lastPrice UInt128, spotPrice UInt128
) ENGINE = ReplacingMergeTree(version) ORDER BY mint`,
};
