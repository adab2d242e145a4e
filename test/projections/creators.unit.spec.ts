// The creators projector, given events then rows: the creator's share of a creator coin's claim (none for a
// holder coin's claim) and each payment of the earnings.
import { describe, expect, it } from 'vitest';
import { creatorsProjector } from '../../projections/creators/projector.js';
import { CREATOR_EARNINGS_TABLE, CREATOR_SENDS_TABLE } from '../../projections/creators/table.js';
import { addr, logged, sig, timeOfSlot } from './event-fixtures.js';
import { creatorSent, feesClaimed } from './reward-events.js';

const MINT = addr(1);
const QUOTE = addr(2);
const time = (slot: number) => new Date(timeOfSlot(slot) * 1000).toISOString().replace('T', ' ').replace('Z', '');

describe('creators projector', () => {
  it('declares its tables and the events it handles', () => {
    expect(creatorsProjector.tables.map((table) => table.name)).toEqual([CREATOR_EARNINGS_TABLE, CREATOR_SENDS_TABLE]);
    expect(creatorsProjector.canHandle).toEqual(['fees.claimed', 'creator.sent']);
  });

  it("given claims, then the creator's share of a creator coin's claim only", () => {
    const rows = creatorsProjector.handle(
      logged([feesClaimed({ slot: 10, tx: 1 }, MINT, QUOTE, 700n, 'creator'), feesClaimed({ slot: 11, tx: 2 }, addr(3), QUOTE, 700n, 'holders')]),
    );
    expect(rows[CREATOR_EARNINGS_TABLE]).toEqual([{ mint: MINT, eventId: `${sig(1)}:0`, amount: '700' }]);
    expect(rows[CREATOR_SENDS_TABLE]).toEqual([]);
  });

  it('given a payment to two recipients, then one send row each', () => {
    const sends = [
      creatorSent({ slot: 20, tx: 3, index: 1 }, { mint: MINT, wallet: addr(40), quoteMint: QUOTE, amount: '490' }),
      creatorSent({ slot: 20, tx: 3, index: 2 }, { mint: MINT, wallet: addr(41), quoteMint: QUOTE, amount: '210' }),
    ];
    expect(creatorsProjector.handle(logged(sends, 7n))[CREATOR_SENDS_TABLE]).toEqual([
      {
        mint: MINT,
        eventId: `${sig(3)}:creator-send:1`,
        signature: sig(3),
        slot: 20,
        time: time(20),
        logOffset: 7n,
        wallet: addr(40),
        quoteMint: QUOTE,
        amount: '490',
      },
      {
        mint: MINT,
        eventId: `${sig(3)}:creator-send:2`,
        signature: sig(3),
        slot: 20,
        time: time(20),
        logOffset: 8n,
        wallet: addr(41),
        quoteMint: QUOTE,
        amount: '210',
      },
    ]);
    expect(creatorsProjector.handle(logged(sends))[CREATOR_EARNINGS_TABLE]).toEqual([]);
  });
});
