// The estimated heap of a kept answer (projections/answer-bytes.ts): what it holds, each object once.
import { describe, expect, it } from 'vitest';
import { answerBytes } from '../../projections/answer-bytes.js';

describe('answer bytes', () => {
  it('grow with what an answer holds: characters, elements, entries and buffer bytes', () => {
    expect(answerBytes('x'.repeat(1_000)) - answerBytes('')).toBe(1_000);
    expect(answerBytes(Array(100).fill(0))).toBeGreaterThan(answerBytes(Array(10).fill(0)) + 90 * 8);
    expect(answerBytes(new Map([['k', { a: 'v' }]]))).toBeGreaterThan(answerBytes(new Map()));
    expect(answerBytes(new Set(['a', 'b']))).toBeGreaterThan(answerBytes(new Set()));
    expect(answerBytes(Buffer.alloc(4_096))).toBeGreaterThanOrEqual(4_096);
    expect(answerBytes({ big: 10n ** 30n, none: null, when: new Date(0) })).toBeGreaterThan(0);
  });

  it('count an object reached twice once, and end on cycles', () => {
    const shared = { text: 'y'.repeat(500) };
    expect(answerBytes([shared, shared])).toBe(answerBytes([shared]) + 8);
    const cycle: { self?: unknown } = {};
    cycle.self = cycle;
    expect(answerBytes(cycle)).toBe(answerBytes({ self: null }));
  });

  it('estimate a page of fifty coin summaries at tens of kilobytes', () => {
    const summary = (i: number) => ({
      mint: `${i}`.padStart(44, 'M'),
      user: { name: `Coin ${i}`, symbol: `C${i}` },
      mode: 'standard',
      graduated: false,
      createdAt: '2026-11-26T00:00:00.000Z',
      quote: { mint: 'So11111111111111111111111111111111111111112', decimals: 9 },
      price: '0.000000031234',
      marketCap: '31234.5',
      volume24h: '1200000000',
      change24h: '3.5',
      holders: 12,
    });
    const bytes = answerBytes({ coins: Array.from({ length: 50 }, (_, i) => summary(i)), next: 50 });
    expect(bytes).toBeGreaterThan(20_000);
    expect(bytes).toBeLessThan(100_000);
  });
});
