// The balances projector, given balance changes then rows: every change in balance_changes, and the latest
// balance of each token account by (slot, log offset) in balances.
import { describe, expect, it } from 'vitest';
import { balancesProjector } from '../../projections/balances/projector.js';
import { BALANCE_CHANGES_TABLE, BALANCES_TABLE } from '../../projections/balances/table.js';
import { chainVersion } from '../../projections/projector.js';
import { addr, balanceChanged, sig } from './event-fixtures.js';

const MINT = addr(1);
const ALICE = addr(2);
const BOB = addr(3);
const ALICE_ACCOUNT = addr(12);
const BOB_ACCOUNT = addr(13);

describe('balances projector', () => {
  it('given changes of one account across slots, then history rows and the latest balance', () => {
    const events = [
      balanceChanged({ slot: 10, tx: 1, account: 1 }, { mint: MINT, owner: ALICE, tokenAccount: ALICE_ACCOUNT, pre: 0n, post: 500n }),
      balanceChanged({ slot: 12, tx: 2, account: 3 }, { mint: MINT, owner: ALICE, tokenAccount: ALICE_ACCOUNT, pre: 500n, post: 200n }),
    ];
    const rows = balancesProjector.handle(events.map((event, i) => ({ event, offset: BigInt(i) })));
    expect(rows[BALANCE_CHANGES_TABLE]).toEqual([
      {
        id: `${sig(1)}:bal:1`,
        mint: MINT,
        tokenAccount: ALICE_ACCOUNT,
        owner: ALICE,
        slot: 10,
        logOffset: 0n,
        post: '500',
        delta: '500',
      },
      expect.objectContaining({ id: `${sig(2)}:bal:3`, slot: 12, post: '200', delta: '-300', logOffset: 1n }),
    ]);
    expect(rows[BALANCES_TABLE]).toEqual([{ mint: MINT, tokenAccount: ALICE_ACCOUNT, owner: ALICE, balance: '200', slot: 12, version: chainVersion(12, 1n) }]);
  });

  it('given two changes in one slot, then the later log offset wins whatever the batch order', () => {
    const earlier = balanceChanged({ slot: 10, tx: 1, account: 1 }, { mint: MINT, owner: ALICE, tokenAccount: ALICE_ACCOUNT, pre: 0n, post: 5n });
    const later = balanceChanged({ slot: 10, tx: 2, account: 1 }, { mint: MINT, owner: ALICE, tokenAccount: ALICE_ACCOUNT, pre: 5n, post: 3n });
    const rows = balancesProjector.handle([
      { event: later, offset: 21n },
      { event: earlier, offset: 20n },
    ]);
    expect(rows[BALANCES_TABLE]).toEqual([expect.objectContaining({ balance: '3', version: chainVersion(10, 21n) })]);
  });

  it('given an account whose owner changed, then one balances row under the newest owner', () => {
    const rows = balancesProjector.handle([
      { event: balanceChanged({ slot: 1, tx: 1, account: 1 }, { mint: MINT, owner: ALICE, tokenAccount: BOB_ACCOUNT, pre: 0n, post: 9n }), offset: 0n },
      { event: balanceChanged({ slot: 2, tx: 2, account: 1 }, { mint: MINT, owner: BOB, tokenAccount: BOB_ACCOUNT, pre: 9n, post: 10n }), offset: 1n },
    ]);
    expect(rows[BALANCES_TABLE]).toEqual([expect.objectContaining({ tokenAccount: BOB_ACCOUNT, owner: BOB, balance: '10' })]);
  });

  it('given accounts of two mints, then one latest row per (mint, account)', () => {
    const other = addr(4);
    const rows = balancesProjector.handle([
      { event: balanceChanged({ slot: 1, tx: 1, account: 1 }, { mint: MINT, owner: ALICE, tokenAccount: ALICE_ACCOUNT, pre: 0n, post: 1n }), offset: 0n },
      { event: balanceChanged({ slot: 1, tx: 1, account: 2 }, { mint: other, owner: ALICE, tokenAccount: ALICE_ACCOUNT, pre: 0n, post: 2n }), offset: 1n },
    ]);
    expect(rows[BALANCES_TABLE]!.map((row) => [row.mint, row.balance])).toEqual([
      [MINT, '1'],
      [other, '2'],
    ]);
  });
});
