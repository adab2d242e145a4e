// The resident trades' amounts (api/market/coin-trades.ts) come back as the exact decimal text they were read as,
// whether held as a number (up to 2^53, written in two parts past 10^9) or as text beside the columns.
import { describe, expect, it } from 'vitest';
import { CoinTrades } from '../../api/market/coin-trades.js';
import { InternedStrings } from '../../projections/interned-strings.js';

const AMOUNTS = [
  '0',
  '7',
  '999999999',
  '1000000000',
  '1000000007',
  '5000000000',
  '1234567890123456',
  '9007199254740991',
  '9007199254740992',
  '12345678901234567890',
];

describe('CoinTrades amounts', () => {
  it('writes every amount as the text it was read as', () => {
    const n = AMOUNTS.length;
    const read = {
      ids: AMOUNTS.map((_, i) => `sig${i}:0:trade`),
      slots: AMOUNTS.map((_, i) => String(100 + i)),
      seconds: AMOUNTS.map((_, i) => 1_760_000_000 + i),
      offsets: AMOUNTS.map((_, i) => String(i)),
      sides: Array<'buy'>(n).fill('buy'),
      traders: Array<string>(n).fill('trader'),
      coins: AMOUNTS,
      quotes: AMOUNTS,
    };
    const trades = CoinTrades.of(read, new InternedStrings(), 1);
    expect(AMOUNTS.map((_, i) => trades.coinText(i))).toEqual(AMOUNTS);
    expect(AMOUNTS.map((_, i) => trades.quoteText(i))).toEqual(AMOUNTS);
  });
});
