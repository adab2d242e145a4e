// The `balances` projector: each change into balance_changes, and per token account the batch's latest change into
// balances.
import { chainVersion, type LoggedEvent, type Projector } from '../projector.js';
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
    const latest = new Map<string, { mint: string; tokenAccount: string; owner: string; balance: string; slot: number; version: bigint }>();
    for (const { mint, tokenAccount, owner, post, slot, logOffset } of changes) {
      const version = chainVersion(slot, logOffset);
      const kept = latest.get(`${mint}/${tokenAccount}`);
      if (kept === undefined || version > kept.version) latest.set(`${mint}/${tokenAccount}`, { mint, tokenAccount, owner, balance: post, slot, version });
    }
    return { [BALANCES_TABLE]: [...latest.values()], [BALANCE_CHANGES_TABLE]: changes };
  },
};
