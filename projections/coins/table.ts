// Tables of the `coins` read model: launch facts (coin.launched) and graduation (coin.graduated), one row per
// mint in each.
//
// Keys: each table is a ReplacingMergeTree ORDER BY mint. A mint is launched and graduated at most once on
// chain, and every event of one fact carries the same deterministic content, so a replayed event rewrites an
// identical row and FINAL (or a merge) leaves one. Two tables instead of one wide row keep the projector pure:
// no fact needs to read another to be written. Join them on mint.
import type { TableDef } from '../projector.js';

export const COINS_TABLE = 'coins';
export const COIN_GRADUATIONS_TABLE = 'coin_graduations';

export const coinsTable: TableDef = {
  name: COINS_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${COINS_TABLE} (
  mint String, eventId String, signature String, launchSlot UInt64, launchTime DateTime64(3, 'UTC'),
  route LowCardinality(String), mode LowCardinality(String), holdersPaid LowCardinality(String),
  creator String, payer String, quoteMint String, quoteDecimals UInt8, tokenProgram LowCardinality(String),
  decimals UInt8, totalSupply UInt128, feeBps UInt16, hooks Array(String),
  antiSniperLimitBps Nullable(UInt16), antiSniperWindowSeconds Nullable(UInt32),
  curve Nullable(String), pool Nullable(String),
  basketMints Array(String), basketWeightsBps Array(UInt16),
  creatorRecipientWallets Array(String), creatorRecipientBps Array(UInt16),
  untrustedName String, untrustedSymbol String, untrustedUri String,
  curveAllotment Nullable(UInt128), initialReserveCoin Nullable(UInt128), initialReserveQuote Nullable(UInt128)
) ENGINE = ReplacingMergeTree ORDER BY mint`,
};

export const coinGraduationsTable: TableDef = {
  name: COIN_GRADUATIONS_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${COIN_GRADUATIONS_TABLE} (
  mint String, eventId String, time DateTime64(3, 'UTC'), pool String
) ENGINE = ReplacingMergeTree ORDER BY mint`,
};
