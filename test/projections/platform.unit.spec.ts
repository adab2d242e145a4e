// Unit tests of the platform and burns projectors: given platform events, then one row per event with the
// event's own values (amounts as raw decimal strings, times as DateTime64 text, log offsets kept), and nothing
// for events of other types.
import { describe, expect, it } from 'vitest';
import { burnsProjector } from '../../projections/burns/projector.js';
import { PLATFORM_BURNS_TABLE } from '../../projections/burns/table.js';
import { platformProjector } from '../../projections/platform/projector.js';
import { FUND_BALANCES_TABLE, PLATFORM_REVENUE_TABLE } from '../../projections/platform/table.js';
import { addr, logged, priceUpdated, sig } from './event-fixtures.js';
import { burned, creatorSent, fundBalance, payoutRound, PLATFORM_MINT, revenue, STABLECOIN } from './platform-fixtures.js';

const T = 1_767_225_600; // 2026-01-01 00:00:00 UTC
const MINT = addr(1);

describe('platform projector', () => {
  const events = logged(
    [
      revenue({ slot: 10, tx: 1, time: T }, { kind: 'fee-share', amount: '1200', unit: 'lamports', mint: MINT }),
      revenue({ slot: 11, tx: 2, time: T + 1 }, { kind: 'fee-share', amount: '3400', unit: 'quote', mint: MINT, quoteMint: STABLECOIN }),
      revenue({ slot: 12, tx: 3, time: T + 2 }, { kind: 'api', amount: '10000', unit: 'micro-usd' }),
      payoutRound({ slot: 13, tx: 4, time: T + 3 }, MINT, 5_000n),
      creatorSent({ slot: 14, tx: 5, time: T + 4 }, MINT, STABLECOIN, 700n),
      fundBalance({ slot: 15, tx: 6, time: T + 5 }, 'burn', addr(703), 2_000_000_000n, 4),
      priceUpdated({ slot: 16, tx: 7, blockTime: T + 6 }, 150_000_000n),
    ],
    100n,
  );

  it('given revenue events, then one revenue row each with its kind, unit and amount', () => {
    const rows = platformProjector.handle(events)[PLATFORM_REVENUE_TABLE]!;
    expect(rows).toEqual([
      {
        eventId: events[0]!.event.id,
        slot: 10,
        time: '2026-01-01 00:00:00.000',
        kind: 'fee-share',
        unit: 'lamports',
        amount: '1200',
        quoteMint: null,
      },
      {
        eventId: events[1]!.event.id,
        slot: 11,
        time: '2026-01-01 00:00:01.000',
        kind: 'fee-share',
        unit: 'quote',
        amount: '3400',
        quoteMint: STABLECOIN,
      },
      {
        eventId: events[2]!.event.id,
        slot: 12,
        time: '2026-01-01 00:00:02.000',
        kind: 'api',
        unit: 'micro-usd',
        amount: '10000',
        quoteMint: null,
      },
    ]);
  });

  it('given a fund balance, then a fund row with its log offset', () => {
    const rows = platformProjector.handle(events)[FUND_BALANCES_TABLE]!;
    expect(rows).toEqual([
      { eventId: events[5]!.event.id, fund: 'burn', wallet: addr(703), slot: 15, time: '2026-01-01 00:00:05.000', logOffset: 105n, lamports: '2000000000' },
    ]);
  });

  it('handles only its own event types, and gives the same rows for the same events', () => {
    expect(platformProjector.canHandle).toEqual(['revenue', 'fund.balance']);
    expect(platformProjector.handle(events)).toEqual(platformProjector.handle(events));
    const rows = platformProjector.handle(logged([events[6]!.event]));
    expect(Object.values(rows).every((list) => list.length === 0)).toBe(true);
  });
});

describe('burns projector', () => {
  it('given burns, then one row each with amount, SOL cost and the log offset', () => {
    const events = logged(
      [
        burned({ slot: 20, tx: 8, time: T + 86_399 }, 123_456_789n, 50_000_000n, 9_000_000_000n),
        fundBalance({ slot: 20, tx: 8, time: T + 86_399 }, 'burn', addr(703), 1n),
      ],
      7n,
    );
    expect(burnsProjector.handle(events)[PLATFORM_BURNS_TABLE]).toEqual([
      {
        eventId: events[0]!.event.id,
        signature: sig(8),
        slot: 20,
        time: '2026-01-01 23:59:59.000',
        logOffset: 7n,
        platformMint: PLATFORM_MINT,
        amount: '123456789',
        solCost: '50000000',
      },
    ]);
    expect(burnsProjector.canHandle).toEqual(['platform.burned']);
  });
});
