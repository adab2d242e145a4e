// Unit tests of the shared curve and pool math: exact raw-unit results, fee and referral rounding,
// the floor inverse, k never decreasing and no free round trips over many sizes, the fee split division.
import { describe, expect, it } from 'vitest';
import { address } from '@solana/kit';
import {
  bondingProgressBps,
  buyExactIn,
  buyExactOut,
  ceilDiv,
  feeOn,
  graduationQuote,
  marketCap,
  pricePerWholeCoin,
  referralShare,
  sellExactIn,
  tokensForQuote,
  type Reserves,
} from '../../schemas/programs/curve-math.js';
import { COIN_TOTAL_SUPPLY } from '../../schemas/programs/coin-rules.js';
import { buildFeeSplit, divideFees, FEE_SPLIT_BPS } from '../../schemas/programs/fee-split.js';
import { SOL_CURVE } from '../../schemas/programs/launchpad/constants.js';

const SOL_START: Reserves = { quote: SOL_CURVE.initialVirtualQuote, token: SOL_CURVE.initialVirtualToken };
const k = (r: Reserves): bigint => r.quote * r.token;

/** Deterministic xorshift generator of bigints in [1, max]. */
function randomAmounts(seed: number, count: number, max: bigint): bigint[] {
  let x = BigInt(seed) | 1n;
  const out: bigint[] = [];
  for (let i = 0; i < count; i++) {
    x ^= (x << 13n) & 0xffffffffffffffffn;
    x ^= x >> 7n;
    x ^= (x << 17n) & 0xffffffffffffffffn;
    out.push((x % max) + 1n);
  }
  return out;
}

describe('rounding helpers', () => {
  it('rounds fees up and referral shares down', () => {
    expect(ceilDiv(10n, 3n)).toBe(4n);
    expect(ceilDiv(9n, 3n)).toBe(3n);
    expect(ceilDiv(0n, 3n)).toBe(0n);
    expect(feeOn(10_001n, 100)).toBe(101n);
    expect(feeOn(10_000n, 100)).toBe(100n);
    expect(feeOn(1n, 1)).toBe(1n);
    expect(feeOn(5n, 0)).toBe(0n);
    expect(referralShare(101n, 1_000)).toBe(10n);
    expect(referralShare(9n, 1_000)).toBe(0n);
  });
});

describe('exact results', () => {
  it('prices a buy exact out on small reserves', () => {
    // Arrange
    const r = { quote: 1_000n, token: 1_000n };
    // Act
    const q = buyExactOut(r, 100n, 100);
    // Assert: ceil(1000*100/900) = 112, fee ceil(1.12) = 2
    expect(q).toEqual({ tokens: 100n, cost: 112n, fee: 2n, total: 114n, after: { quote: 1_112n, token: 900n } });
  });

  it('prices a sell exact in on small reserves', () => {
    const q = sellExactIn({ quote: 1_000n, token: 1_000n }, 100n, 100);
    // floor(1000*100/1100) = 90, fee ceil(0.9) = 1
    expect(q).toEqual({ tokens: 100n, proceeds: 90n, fee: 1n, net: 89n, after: { quote: 910n, token: 1_100n } });
  });

  it('prices a buy exact in as the floor inverse', () => {
    const q = buyExactIn({ quote: 1_000n, token: 1_000n }, 101n, 100);
    // net floor(101*10000/10100) = 100, fee 1, tokens floor(1000*100/1100) = 90
    expect(q).toEqual({ tokens: 90n, cost: 100n, fee: 1n, total: 101n, after: { quote: 1_100n, token: 910n } });
  });

  it('prices a million coins on the SOL curve to the lamport', () => {
    const million = 1_000_000_000_000n;
    expect(buyExactOut(SOL_START, million, 100)).toMatchObject({ cost: 27_985_075n, fee: 279_851n, total: 28_264_926n });
    expect(sellExactIn(SOL_START, million, 100)).toMatchObject({ proceeds: 27_932_960n, fee: 279_330n, net: 27_653_630n });
  });

  it('reaches graduation at about 85 SOL for the whole allotment', () => {
    expect(graduationQuote(SOL_START, SOL_CURVE.curveAllotment)).toBe(85_005_359_057n);
  });

  it('reports market cap, price and bonding progress', () => {
    // 30 SOL * 1e15 / 1.073e15 = 27.958993476 SOL
    expect(marketCap(SOL_START, COIN_TOTAL_SUPPLY)).toBe(27_958_993_476n);
    expect(pricePerWholeCoin(SOL_START, 6)).toBe(27n);
    expect(bondingProgressBps(SOL_CURVE.curveAllotment, SOL_CURVE.curveAllotment)).toBe(0);
    expect(bondingProgressBps(SOL_CURVE.curveAllotment, SOL_CURVE.curveAllotment / 2n)).toBe(5_000);
    expect(bondingProgressBps(SOL_CURVE.curveAllotment, 0n)).toBe(10_000);
  });

  it('refuses to sell out the whole token reserve', () => {
    expect(() => buyExactOut(SOL_START, SOL_START.token, 100)).toThrow(RangeError);
  });
});

describe('properties over many sizes', () => {
  const feeLevels = [0, 1, 30, 100, 250, 500];

  it('never lowers k, on buys exact out, buys exact in and sells', () => {
    for (const [i, t] of randomAmounts(7, 400, SOL_CURVE.curveAllotment).entries()) {
      const feeBps = feeLevels[i % feeLevels.length]!;
      const buy = buyExactOut(SOL_START, t, feeBps);
      expect(k(buy.after) >= k(SOL_START)).toBe(true);
      const sell = sellExactIn(buy.after, t, feeBps);
      expect(k(sell.after) >= k(buy.after)).toBe(true);
      const spend = buyExactIn(SOL_START, buy.total, feeBps);
      expect(k(spend.after) >= k(SOL_START)).toBe(true);
    }
  });

  it('charges a fee of at least feeBps and exactly the rounded-up amount', () => {
    for (const [i, t] of randomAmounts(11, 300, 10n ** 14n).entries()) {
      const feeBps = feeLevels[i % feeLevels.length]!;
      const q = buyExactOut(SOL_START, t, feeBps);
      expect(q.fee * 10_000n >= q.cost * BigInt(feeBps)).toBe(true);
      expect((q.fee - 1n) * 10_000n < q.cost * BigInt(feeBps) || q.fee === 0n).toBe(true);
      expect(q.total).toBe(q.cost + q.fee);
    }
  });

  it('gives at most the exact-out amount when spending a quote amount (floor inverse)', () => {
    for (const [i, quoteIn] of randomAmounts(13, 300, 80_000_000_000n).entries()) {
      const feeBps = feeLevels[i % feeLevels.length]!;
      const tokens = tokensForQuote(SOL_START, quoteIn, feeBps);
      if (tokens === 0n) continue;
      const exact = buyExactOut(SOL_START, tokens, feeBps);
      expect(exact.total <= quoteIn).toBe(true);
      // One more token would cost more than the net spent.
      const more = buyExactOut(SOL_START, tokens + 1n, 0);
      expect(more.cost > buyExactIn(SOL_START, quoteIn, feeBps).cost).toBe(true);
    }
  });

  it('makes no round trip profitable, even without fees', () => {
    for (const t of randomAmounts(17, 300, SOL_CURVE.curveAllotment)) {
      const buy = buyExactOut(SOL_START, t, 0);
      const sell = sellExactIn(buy.after, t, 0);
      expect(sell.net <= buy.total).toBe(true);
      expect(sell.after.quote >= SOL_START.quote).toBe(true);
    }
  });

  it('keeps a referral share within the fee', () => {
    for (const fee of randomAmounts(19, 200, 10n ** 12n)) {
      const share = referralShare(fee, 1_000);
      expect(share <= fee && share * 10n <= fee && (share + 1n) * 10n > fee).toBe(true);
    }
  });
});

describe('fee split', () => {
  const wallets = {
    rewardsVault: address('D2cHZqRnBCqoSRuUjDEqSmYuo1VZi8wsZseQqQjsRtM1'),
    creatorVault: address('HuakyzrKc8mK589z2VkLzkiaQTWjYjXjqWNV8K2uX8uN'),
    treasury: address('7gHhr8mC3vcCy1Pjr9cgjv229uuMruvhSKyYSLTeLS3m'),
    aiFund: address('HCiL1LPHjBxCnvgkXdu5s4TroFLxJATm56D3ZyoVP4so'),
    burnFund: address('Fsm1LP3qVyodrN9RX94eSMekLDc3xnGREQKoHtSRkfoW'),
    platformLiquidity: address('6ZxHqVRpWpafLxUtBeEnhyJeNNdifTPrcjyExcaWZ8RS'),
  };

  it('sums the locked bps to 10000', () => {
    expect(Object.values(FEE_SPLIT_BPS).reduce((a, b) => a + b, 0)).toBe(10_000);
  });

  it('divides exactly with the remainder to the holders share', () => {
    // Arrange
    const split = buildFeeSplit('holder', wallets, null);
    // Act
    const shares = divideFees(1_001n, split);
    // Assert: 12% of 1001 = 120.12 -> 120, 3% -> 30, 10% -> 100, 5% -> 50, holders 1001 - 300 = 701
    expect(shares.map((s) => [s.role, s.amount])).toEqual([
      ['holders', 701n],
      ['service', 120n],
      ['ai-fund', 30n],
      ['burn', 100n],
      ['liquidity', 50n],
    ]);
  });

  it('pays the creator vault and a referrer when set', () => {
    const referrer = address('8A5AQ9qS4bxEdQHEW1paBMChc6kN6poBTziJSQpLugXY');
    const split = buildFeeSplit('creator', wallets, referrer);
    expect(split[0]).toEqual({ role: 'creator', wallet: wallets.creatorVault, bps: 7_000 });
    expect(split[4]).toEqual({ role: 'referrer', wallet: referrer, bps: 500 });
  });

  it('never loses or creates a unit', () => {
    const split = buildFeeSplit('holder', wallets, null);
    for (const total of randomAmounts(23, 300, 10n ** 13n)) {
      const shares = divideFees(total, split);
      expect(shares.reduce((sum, s) => sum + s.amount, 0n)).toBe(total);
      expect(shares.every((s) => s.amount >= 0n)).toBe(true);
    }
  });
});
