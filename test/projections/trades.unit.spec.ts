// The trades projector, given trades then rows: every trade as it happened; and the (slot, log offset) versions
// of the tables that keep a latest row.
import { describe, expect, it } from 'vitest';
import { chainVersion } from '../../projections/projector.js';
import { tradesProjector } from '../../projections/trades/projector.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import { addr, QUOTE_SOL, sig, trade } from './event-fixtures.js';

const MINT = addr(1);

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
      },
    ]);
  });

  it('orders versions by slot first, then log offset', () => {
    expect(chainVersion(11, 0n) > chainVersion(10, 1_000_000_000n)).toBe(true);
    expect(chainVersion(10, 2n) > chainVersion(10, 1n)).toBe(true);
    expect(chainVersion(1, 1n)).toBe((1n << 64n) + 1n);
  });

  it('given a trade moving no coins, then its row says so (candles leave it out)', () => {
    const [row] = tradesProjector.handle([{ event: trade({ slot: 1, tx: 1 }, { mint: MINT, coinAmount: '0', quoteAmount: '0' }), offset: 0n }])[TRADES_TABLE]!;
    expect(row).toMatchObject({ coinAmount: '0', quoteAmount: '0' });
  });
});
