// Unit tests of the quote-listings projector: given quote.configured events, then one row per event with the
// event's own values (time as DateTime64 text, log offset kept), the same rows for the same batch, and nothing for
// events of other types.
import { describe, expect, it } from 'vitest';
import { quoteListingsProjector } from '../../projections/quote-listings/projector.js';
import { QUOTE_LISTINGS_TABLE } from '../../projections/quote-listings/table.js';
import { addr, logged, priceUpdated, sig } from './event-fixtures.js';
import { quoteConfigured } from './quote-fixtures.js';

const T = 1_767_225_600; // 2026-01-01 00:00:00 UTC
const WBTC = addr(960);

describe('quote-listings projector', () => {
  const batch = logged(
    [
      quoteConfigured({ slot: 10, tx: 1, time: T }, WBTC, true),
      priceUpdated({ slot: 11, tx: 2, blockTime: T + 1 }, 150_000_000n),
      quoteConfigured({ slot: 12, tx: 3, time: T + 2, ix: 1 }, WBTC, false, 8),
    ],
    40n,
  );

  it('given a listing and a disabling, then one row each with its mint, enabled flag, decimals and chain position', () => {
    expect(quoteListingsProjector.handle(batch)).toEqual({
      [QUOTE_LISTINGS_TABLE]: [
        {
          eventId: batch[0]!.event.id,
          signature: sig(1),
          slot: 10,
          time: '2026-01-01 00:00:00.000',
          logOffset: 40n,
          quoteMint: WBTC,
          quoteDecimals: null,
          enabled: true,
        },
        {
          eventId: batch[2]!.event.id,
          signature: sig(3),
          slot: 12,
          time: '2026-01-01 00:00:02.000',
          logOffset: 42n,
          quoteMint: WBTC,
          quoteDecimals: 8,
          enabled: false,
        },
      ],
    });
  });

  it('given the same batch again, then the same rows (keyed by event id: a replay writes nothing new)', () => {
    expect(quoteListingsProjector.handle(batch)).toEqual(quoteListingsProjector.handle(batch));
  });

  it('handles quote.configured only', () => {
    expect(quoteListingsProjector.canHandle).toEqual(['quote.configured']);
    expect(quoteListingsProjector.handle(logged([priceUpdated({ slot: 1, tx: 9 }, 1n)]))).toEqual({ [QUOTE_LISTINGS_TABLE]: [] });
  });
});
