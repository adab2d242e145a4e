// The `balances` projector: each token.balance_changed into balance_changes, and per token account the
// batch's latest change into balances.
import type { TokenBalanceChangedEvent } from '../../schemas/events/index.js';
import { chainVersion, dateTime64 } from '../column-values.js';
import type { LoggedEvent, Projector } from '../projector.js';
import { BALANCE_CHANGES_TABLE, BALANCES_TABLE, balanceChangesTable, balancesTable, type BalanceChangeRow, type BalanceRow } from './table.js';

export function balanceChangeRow(event: TokenBalanceChangedEvent, offset: bigint): BalanceChangeRow {
  const d = event.data;
  return {
    id: event.id,
    mint: d.mint,
    tokenAccount: d.tokenAccount,
    owner: d.owner,
    slot: event.slot,
    time: dateTime64(event.blockTime),
    logOffset: offset,
    pre: d.pre,
    post: d.post,
    delta: d.delta,
  };
}

export function balanceRow(event: TokenBalanceChangedEvent, offset: bigint): BalanceRow {
  const d = event.data;
  return {
    mint: d.mint,
    tokenAccount: d.tokenAccount,
    owner: d.owner,
    balance: d.post,
    decimals: d.decimals,
    tokenProgram: d.tokenProgram,
    slot: event.slot,
    time: dateTime64(event.blockTime),
    eventId: event.id,
    version: chainVersion(event.slot, offset),
  };
}

export const balancesProjector: Projector = {
  name: 'balances',
  version: 1,
  tables: [balancesTable, balanceChangesTable],
  canHandle: ['token.balance_changed'],
  handle(events: readonly LoggedEvent[]) {
    const changes: BalanceChangeRow[] = [];
    const latest = new Map<string, BalanceRow>();
    for (const { event, offset } of events) {
      if (event.type !== 'token.balance_changed') continue;
      changes.push(balanceChangeRow(event, offset));
      const row = balanceRow(event, offset);
      const key = `${row.mint}/${row.tokenAccount}`;
      const known = latest.get(key);
      if (known === undefined || row.version > known.version) latest.set(key, row);
    }
    return { [BALANCES_TABLE]: [...latest.values()], [BALANCE_CHANGES_TABLE]: changes };
  },
};
