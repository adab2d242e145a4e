// The holder-baselines projector, given fee claims and payout rounds then rows: a claim at its own slot, a round
// at its snapshot slot with its number, one row per event id; other events are not its business.
import { describe, expect, it } from 'vitest';
import { holderBaselinesProjector } from '../../projections/holders/projector.js';
import { HOLDER_BASELINES_TABLE } from '../../projections/holders/table.js';
import { memoEventId, type FeesClaimedEvent, type PayoutRoundEvent } from '../../schemas/events/index.js';
import { addr, logged, sig, timeOfSlot, trade } from './event-fixtures.js';

const MINT = addr(1);

function claim(slot: number, tx: number): FeesClaimedEvent {
  return {
    id: memoEventId(sig(tx), 0), type: 'fees.claimed', network: 'mainnet', slot, blockTime: timeOfSlot(slot), signature: sig(tx), v: 1,
    data: { mint: MINT, market: addr(600), quoteMint: addr(900), total: '7', shares: [{ role: 'holders', wallet: addr(700), amount: '7' }] },
  };
}

function round(slot: number, tx: number, n: number, snapshotSlot: number, baselineSlot: number | null): PayoutRoundEvent {
  return {
    id: memoEventId(sig(tx), 0), type: 'payout.round', network: 'mainnet', slot, blockTime: timeOfSlot(slot), signature: sig(tx), v: 1,
    data: { mint: MINT, round: n, snapshotSlot, baselineSlot, holdersCounted: 2, potSpent: '5', paidIn: 'pair', tokens: [] },
  };
}

describe('holder-baselines projector', () => {
  it('given a claim, rounds and a trade, then a claim row at its slot and round rows at their snapshot slots', () => {
    const rows = holderBaselinesProjector.handle(logged([claim(10, 1), trade({ slot: 11, tx: 2 }, { mint: MINT }), round(31, 3, 1, 30, 10), round(52, 4, 2, 50, 30)]));
    expect(rows[HOLDER_BASELINES_TABLE]).toEqual([
      { mint: MINT, eventId: `${sig(1)}:memo:0`, kind: 'claim', slot: 10, round: 0 },
      { mint: MINT, eventId: `${sig(3)}:memo:0`, kind: 'round', slot: 30, round: 1 },
      { mint: MINT, eventId: `${sig(4)}:memo:0`, kind: 'round', slot: 50, round: 2 },
    ]);
  });

  it('given the same events again, then the same rows (keyed by event id)', () => {
    const events = logged([claim(10, 1), round(31, 3, 1, 30, null)]);
    expect(holderBaselinesProjector.handle(events)).toEqual(holderBaselinesProjector.handle(logged([...events.map((e) => e.event)], 40n)));
  });
});
