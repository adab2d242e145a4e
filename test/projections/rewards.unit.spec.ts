// The rewards projector, given events then rows: rounds with their bought tokens, each payout in both payout
// tables, the holders' share of a claim (none for a creator coin's claim), and (owner, mint) pairs once a batch.
import { describe, expect, it } from 'vitest';
import { rewardsProjector } from '../../projections/rewards/projector.js';
import { REWARD_PAYOUTS_TABLE, REWARD_POT_INCOME_TABLE, REWARD_ROUNDS_TABLE, WALLET_PAYOUTS_TABLE } from '../../projections/rewards/table.js';
import { addr, logged, sig, timeOfSlot } from './event-fixtures.js';
import { feesClaimed, payoutRound, payoutSent } from './reward-events.js';

const MINT = addr(1);
const QUOTE = addr(2);
const time = (slot: number) => new Date(timeOfSlot(slot) * 1000).toISOString().replace('T', ' ').replace('Z', '');

describe('rewards projector', () => {
  it('declares its tables and the events it handles', () => {
    expect(rewardsProjector.tables.map((table) => table.name)).toEqual([
      REWARD_ROUNDS_TABLE,
      REWARD_PAYOUTS_TABLE,
      WALLET_PAYOUTS_TABLE,
      REWARD_POT_INCOME_TABLE,
    ]);
    expect(rewardsProjector.canHandle).toEqual(['payout.round', 'payout.sent', 'fees.claimed']);
  });

  it('given a payout round, then one round row with its slots and what it bought', () => {
    const round = payoutRound(
      { slot: 50, tx: 1 },
      {
        mint: MINT,
        round: 2,
        snapshotSlot: 48,
        baselineSlot: 30,
        holdersCounted: 7,
        potSpent: '1000',
        paidIn: 'basket',
        tokens: [
          { mint: addr(10), bought: '600', cost: '599' },
          { mint: addr(11), bought: '4000', cost: '400' },
        ],
      },
    );
    expect(rewardsProjector.handle(logged([round], 9n))[REWARD_ROUNDS_TABLE]).toEqual([
      {
        mint: MINT,
        round: 2,
        eventId: `${sig(1)}:memo:0`,
        signature: sig(1),
        slot: 50,
        time: time(50),
        logOffset: 9n,
        snapshotSlot: 48,
        baselineSlot: 30,
        holdersCounted: 7,
        potSpent: '1000',
        paidIn: 'basket',
        tokenMints: [addr(10), addr(11)],
        tokenBought: ['600', '4000'],
        tokenCost: ['599', '400'],
      },
    ]);
  });

  it('given payouts, then the same rows by coin and by wallet', () => {
    const sent = [
      payoutSent({ slot: 51, tx: 2, index: 3 }, { mint: MINT, round: 2, wallet: addr(20), token: addr(10), amount: '55' }),
      payoutSent({ slot: 51, tx: 2, index: 4 }, { mint: MINT, round: 2, wallet: addr(21), token: addr(10), amount: '66' }),
    ];
    const rows = rewardsProjector.handle(logged(sent));
    expect(rows[REWARD_PAYOUTS_TABLE]).toEqual([
      {
        mint: MINT,
        round: 2,
        wallet: addr(20),
        token: addr(10),
        amount: '55',
        eventId: `${sig(2)}:payout:3`,
        signature: sig(2),
        slot: 51,
        time: time(51),
        logOffset: 0n,
      },
      {
        mint: MINT,
        round: 2,
        wallet: addr(21),
        token: addr(10),
        amount: '66',
        eventId: `${sig(2)}:payout:4`,
        signature: sig(2),
        slot: 51,
        time: time(51),
        logOffset: 1n,
      },
    ]);
  });

  it("given claims, then the holders' share of a holder coin's claim only", () => {
    const rows = rewardsProjector.handle(
      logged([feesClaimed({ slot: 60, tx: 3 }, MINT, QUOTE, 7_000n, 'holders'), feesClaimed({ slot: 61, tx: 4 }, addr(3), QUOTE, 7_000n, 'creator')], 4n),
    );
    expect(rows[REWARD_POT_INCOME_TABLE]).toEqual([
      { mint: MINT, eventId: `${sig(3)}:0`, slot: 60, time: time(60), logOffset: 4n, quoteMint: QUOTE, amount: '7000' },
    ]);
  });
});
