// Unit tests of revenueDaily: 30 days oldest first with empty days as zeros, a day's price carried forward
// from the last one posted before it, dollar figures null before the first price, cents rounded down per day,
// and the cumulative sum counting priced days older than the window.
import { describe, expect, it } from 'vitest';
import { addDays, firstDayNeeded, revenueDaily } from '../../api/handlers/platform.js';
import { utcDay } from '../../api/launch/sponsorship.js';
import type { DayPrices, RevenueDay } from '../../projections/platform/queries.js';

const day = (d: string, feeShare: bigint, swapReferral = 0n, api = 0n): RevenueDay => ({
  day: d,
  feeShareLamports: feeShare,
  swapReferralLamports: swapReferral,
  apiMicroUsd: api,
});
const priced = (entries: [string, bigint, bigint][]): Map<string, DayPrices> => new Map(entries.map(([d, average, last]) => [d, { average, last }]));

describe('day arithmetic', () => {
  it('reads UTC days and steps across months and years', () => {
    expect(utcDay(Date.parse('2026-01-01T23:59:59.999Z'))).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(firstDayNeeded('2026-01-30', [])).toBe('2026-01-01');
    expect(firstDayNeeded('2026-01-30', [day('2025-11-02', 1n)])).toBe('2025-11-02');
    expect(firstDayNeeded('2026-01-30', [day('2026-01-20', 1n)])).toBe('2026-01-01');
  });
});

describe('revenueDaily', () => {
  it('gives 30 days ending today, oldest first, zeros without revenue and null dollars without any price', () => {
    const days = revenueDaily({ today: '2026-01-30', revenue: [], prices: new Map(), priceBefore: null });
    expect(days).toHaveLength(30);
    expect(days[0]!.date).toBe('2026-01-01');
    expect(days[29]!.date).toBe('2026-01-30');
    expect(days[5]).toEqual({
      date: '2026-01-06',
      feeShareLamports: '0',
      swapReferralLamports: '0',
      apiMicroUsd: '0',
      solMicroUsd: null,
      usdCents: null,
      cumulativeUsdCents: null,
    });
  });

  it('carries the last posted price into days without one and values each day at its own price', () => {
    const days = revenueDaily({
      today: '2026-01-30',
      revenue: [day('2026-01-28', 26_000_000n), day('2026-01-29', 7_000_000n, 0n, 1_230_000n), day('2026-01-30', 1_000_000_000n)],
      prices: priced([['2026-01-28', 155_000_000n, 160_000_000n]]),
      priceBefore: 140_000_000n,
    });
    const last = days.slice(-4);
    expect(last.map((d) => [d.date, d.solMicroUsd, d.usdCents, d.cumulativeUsdCents])).toEqual([
      ['2026-01-27', '140000000', '0', '0'],
      // 0.026 SOL at $155 = $4.03.
      ['2026-01-28', '155000000', '403', '403'],
      // 0.007 SOL at $160 = $1.12, plus $1.23 of paid calls.
      ['2026-01-29', '160000000', '235', '638'],
      ['2026-01-30', '160000000', '16000', '16638'],
    ]);
    expect(days[0]!.solMicroUsd).toBe('140000000');
  });

  it('rounds each day down to the cent and keeps the cumulative sum equal to the sum of the days', () => {
    const days = revenueDaily({
      today: '2026-01-30',
      revenue: [day('2026-01-29', 99_999n), day('2026-01-30', 99_999n)],
      prices: priced([['2026-01-29', 100_000_000n, 100_000_000n]]),
      priceBefore: null,
    });
    // 99,999 lamports at $100 = 0.99999 cents each.
    expect(days.slice(-2).map((d) => [d.usdCents, d.cumulativeUsdCents])).toEqual([
      ['0', '0'],
      ['0', '0'],
    ]);
  });

  it('counts revenue of priced days before the window in the cumulative sum, and none before the first price', () => {
    const days = revenueDaily({
      today: '2026-03-01',
      revenue: [day('2025-12-01', 5_000_000_000n), day('2025-12-02', 1_000_000_000n), day('2026-03-01', 1_000_000_000n)],
      prices: priced([['2025-12-02', 100_000_000n, 100_000_000n]]),
      priceBefore: null,
    });
    expect(days).toHaveLength(30);
    expect(days[0]!.date).toBe('2026-01-31');
    // 2025-12-01 had no price yet: its 5 SOL never count; 1 SOL at $100 on 2025-12-02 does.
    expect(days[0]).toMatchObject({ feeShareLamports: '0', solMicroUsd: '100000000', usdCents: '0', cumulativeUsdCents: '10000' });
    expect(days[29]).toMatchObject({ feeShareLamports: '1000000000', usdCents: '10000', cumulativeUsdCents: '20000' });
  });
});
