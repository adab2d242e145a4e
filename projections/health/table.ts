// Tables of the `health` read model.
//
// coin_mint_facts — ReplacingMergeTree ORDER BY mint: a coin's mint and freeze authorities as its launch
//   transaction left them (coin.launched); `known` is 0 when the launch event does not say (the transaction did
//   not create the mint, or the event predates the fields). Written by the health projector from the log.
// coin_health — ReplacingMergeTree(checkedAt) ORDER BY mint: the latest check of each coin, written by the
//   periodic scorer (scorer.ts), never by the projector; it is a projector table only so that it is created
//   (and dropped on a rebuild) with the rest of the read models. Signals and context are stored as the signal
//   functions give them, as JSON: they are only ever read back whole, and levels and the grade are derived from
//   them when read (signals.ts). `activitySlot` is the coin's latest balance change when checked: a later one
//   makes the coin due again.
import type { TableDef } from '../projector.js';

export const COIN_MINT_FACTS_TABLE = 'coin_mint_facts';
export const COIN_HEALTH_TABLE = 'coin_health';

export type MintFactsRow = { mint: string; known: number; mintAuthority: string | null; freezeAuthority: string | null };

export type CoinHealthRow = { mint: string; checkedAt: string; activitySlot: number; signals: string; context: string };

export const coinMintFactsTable: TableDef = {
  name: COIN_MINT_FACTS_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${COIN_MINT_FACTS_TABLE} (
  mint String, known UInt8, mintAuthority Nullable(String), freezeAuthority Nullable(String)
) ENGINE = ReplacingMergeTree ORDER BY mint`,
};

export const coinHealthTable: TableDef = {
  name: COIN_HEALTH_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${COIN_HEALTH_TABLE} (
  mint String, checkedAt DateTime64(3, 'UTC'), activitySlot UInt64, signals String, context String
) ENGINE = ReplacingMergeTree(checkedAt) ORDER BY mint`,
};
