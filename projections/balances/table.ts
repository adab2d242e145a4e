// Tables of the `balances` read model, from token.balance_changed (every mint the decoders report).
//
// balances — ReplacingMergeTree(version) ORDER BY (mint, tokenAccount): the latest balance of each token
//   account, version = chainVersion(slot, logOffset), so whatever order changes are written or replayed in,
//   FINAL keeps the one latest on chain. The owner is a column taken from that latest change rather than
//   part of the key: an account whose owner changed would otherwise keep a stale row under its old owner
//   and count twice.
// balance_changes — ReplacingMergeTree ORDER BY (mint, tokenAccount, slot, id): every change, keyed by event
//   id (plus parts taken from the event), for balances at a slot (payout snapshot and baseline slots):
//   the latest change at or before the slot, by (slot, logOffset).
import type { TableDef } from '../projector.js';

export const BALANCES_TABLE = 'balances';
export const BALANCE_CHANGES_TABLE = 'balance_changes';

export const balancesTable: TableDef = {
  name: BALANCES_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${BALANCES_TABLE} (
  mint String, tokenAccount String, owner String, balance UInt128, slot UInt64, version UInt128
) ENGINE = ReplacingMergeTree(version) ORDER BY (mint, tokenAccount)`,
};

export const balanceChangesTable: TableDef = {
  name: BALANCE_CHANGES_TABLE,
  ddl: `CREATE TABLE IF NOT EXISTS ${BALANCE_CHANGES_TABLE} (
  id String, mint String, tokenAccount String, owner String, slot UInt64, logOffset UInt64, post UInt128, delta Int128
) ENGINE = ReplacingMergeTree ORDER BY (mint, tokenAccount, slot, id)`,
};
