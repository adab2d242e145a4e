// The table of the `trades` read model: every trade. Its sorting key ends in the event id and its other parts
// (mint, time, slot) come from the event itself, so a replayed trade lands on the same key and FINAL keeps one row:
// volumes and candles never double-count. `mint, time` first serves the per-coin pages (`before` a time) and candle
// scans. `logOffset` orders trades of one slot (same mint = same log partition) and is not part of the key, because
// a re-appended event may carry a new offset.
import type { TableDef } from '../projector.js';

export const TRADES_TABLE = 'trades';

export const tradesTable: TableDef = {
  name: TRADES_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${TRADES_TABLE} (
  id String, signature String, slot UInt64, time DateTime64(3, 'UTC'), logOffset UInt64,
  mint String, side LowCardinality(String), trader String,
  coinAmount UInt128, quoteAmount UInt128, feeAmount UInt128, referralFee UInt128, referrer Nullable(String),
  venue LowCardinality(String), market String, quoteMint String,
  reserveCoin UInt128, reserveQuote UInt128
) ENGINE = ReplacingMergeTree PARTITION BY toYYYYMM(time) ORDER BY (mint, time, slot, id)`,
};
