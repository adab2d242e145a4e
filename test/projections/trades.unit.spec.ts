// The trades projector, given trades then rows: every trade with exact integer prices, and per coin the
// state after its latest trade by (slot, log offset).
import { describe, expect, it } from 'vitest';
import { chainVersion, pricePerWholeCoin } from '../../projections/column-values.js';
import { tradesProjector } from '../../projections/trades/projector.js';
import { COIN_MARKETS_TABLE, TRADES_TABLE } from '../../projections/trades/table.js';
import { addr, QUOTE_SOL, sig, trade } from './event-fixtures.js';

const MINT = addr(1);
const OTHER = addr(2);

describe('trades projector', () => {
  it('given a buy, then a trade row with execution and spot prices per whole coin', () => {
    const event = trade(
      { slot: 10, tx: 1, blockTime: 1_700_000_000 },
      { mint: MINT, coinAmount: '3000000', quoteAmount: '1000', reserves: { coin: '7000000', quote: '5000' } },
    );
    const rows = tradesProjector.handle([{ event, offset: 42n }]);
    expect(rows[TRADES_TABLE]).toEqual([
      {
        id: `${sig(1)}:0`,
        signature: sig(1),
        slot: 10,
        time: '2023-11-14 22:13:20.000',
        logOffset: 42n,
        mint: MINT,
        side: 'buy',
        trader: addr(100),
        coinAmount: '3000000',
        quoteAmount: '1000',
        feeAmount: '300',
        referralFee: '0',
        referrer: null,
        venue: 'curve',
        market: addr(600),
        quoteMint: QUOTE_SOL,
        reserveCoin: '7000000',
        reserveQuote: '5000',
        price: 333n,
        spotPrice: 714n,
      },
    ]);
  });

  it('computes prices with integers only, exact for amounts far beyond 2^53', () => {
    const quote = 18_446_744_073_709_551_615n;
    const coin = 3n;
    expect(pricePerWholeCoin(quote, coin)).toBe((quote * 1_000_000n) / 3n);
    expect(pricePerWholeCoin(quote, coin)).toBe(6_148_914_691_236_517_205_000_000n);
    expect(pricePerWholeCoin(5n, 0n)).toBe(0n);
  });

  it('given trades of two coins in any order, then coin_markets holds each coin after its latest trade', () => {
    const first = trade({ slot: 10, tx: 1 }, { mint: MINT, reserves: { coin: '100', quote: '10' } });
    const sameSlotLater = trade({ slot: 10, tx: 2 }, { mint: MINT, reserves: { coin: '90', quote: '12' } });
    const other = trade({ slot: 9, tx: 3 }, { mint: OTHER, venue: 'pool', market: addr(601), reserves: { coin: '50', quote: '50' } });
    const rows = tradesProjector.handle([
      { event: sameSlotLater, offset: 8n },
      { event: other, offset: 5n },
      { event: first, offset: 7n },
    ]);
    expect(rows[TRADES_TABLE]).toHaveLength(3);
    expect(rows[COIN_MARKETS_TABLE]).toEqual([
      expect.objectContaining({
        mint: MINT,
        version: chainVersion(10, 8n),
        lastTradeId: `${sig(2)}:0`,
        reserveCoin: '90',
        reserveQuote: '12',
        spotPrice: 133_333n,
      }),
      expect.objectContaining({ mint: OTHER, version: chainVersion(9, 5n), venue: 'pool', market: addr(601), spotPrice: 1_000_000n }),
    ]);
  });

  it('orders versions by slot first, then log offset', () => {
    expect(chainVersion(11, 0n) > chainVersion(10, 1_000_000_000n)).toBe(true);
    expect(chainVersion(10, 2n) > chainVersion(10, 1n)).toBe(true);
    expect(chainVersion(1, 1n)).toBe((1n << 64n) + 1n);
  });

  it('given a trade moving no coins, then price 0 (candles leave it out)', () => {
    const [row] = tradesProjector.handle([{ event: trade({ slot: 1, tx: 1 }, { mint: MINT, coinAmount: '0', quoteAmount: '0' }), offset: 0n }])[TRADES_TABLE]!;
    expect(row).toMatchObject({ price: 0n });
  });
});
