// The `balances` projector: each token.balance_changed into balance_changes, and per token account the
// batch's latest change into balances.
import { chainVersion } from '../column-values.js';
import type { LoggedEvent, Projector } from '../projector.js';
import { BALANCE_CHANGES_TABLE, BALANCES_TABLE, balanceChangesTable, balancesTable, type BalanceChangeRow, type BalanceRow } from './table.js';

export const balancesProjector: Projector = {
  name: 'balances',
  version: 2,
  tables: [balancesTable, balanceChangesTable],
  canHandle: ['token.balance_changed'],
  handle(events: readonly LoggedEvent[]) {
    const changes: BalanceChangeRow[] = [];
    const latest = new Map<string, BalanceRow>();
    for (const { event, offset } of events) {
      if (event.type !== 'token.balance_changed') continue;
      const { mint, tokenAccount, owner, post, delta } = event.data;
      changes.push({ id: event.id, mint, tokenAccount, owner, slot: event.slot, logOffset: offset, post, delta });
      const row = { mint, tokenAccount, owner, balance: post, slot: event.slot, version: chainVersion(event.slot, offset) };
      const key = `${mint}/${tokenAccount}`;
      const known = latest.get(key);
      if (known === undefined || row.version > known.version) latest.set(key, row);
    }
    return { [BALANCES_TABLE]: [...latest.values()], [BALANCE_CHANGES_TABLE]: changes };
  },
};
