// The `balances` projector: each token.balance_changed into balance_changes, and per token account the
// batch's latest change into balances.
import { chainVersion } from '../column-values.js';
import type { LoggedEvent, Projector } from '../projector.js';
import { BALANCE_CHANGES_TABLE, BALANCES_TABLE, balanceChangesTable, balancesTable } from './table.js';

export const balancesProjector: Projector = {
  name: 'balances',
  version: 2,
  tables: [balancesTable, balanceChangesTable],
  canHandle: ['token.balance_changed'],
  handle(events: readonly LoggedEvent[]) {
    const changes = events.flatMap(({ event, offset }) => {
      if (event.type !== 'token.balance_changed') return [];
      const { mint, tokenAccount, owner, post, delta } = event.data;
      return [{ id: event.id, mint, tokenAccount, owner, slot: event.slot, logOffset: offset, post, delta }];
    });
    const latest = new Map<string, (typeof changes)[number]>();
    for (const change of changes) {
      const key = `${change.mint}/${change.tokenAccount}`;
      const known = latest.get(key);
      if (known === undefined || chainVersion(change.slot, change.logOffset) > chainVersion(known.slot, known.logOffset)) latest.set(key, change);
    }
    const balances = [...latest.values()].map(({ mint, tokenAccount, owner, post, slot, logOffset }) => {
      return { mint, tokenAccount, owner, balance: post, slot, version: chainVersion(slot, logOffset) };
    });
    return { [BALANCES_TABLE]: balances, [BALANCE_CHANGES_TABLE]: changes };
  },
};
