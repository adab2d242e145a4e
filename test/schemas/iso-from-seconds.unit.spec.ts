// isoFromSeconds (schemas/api/fields.ts) writes exactly what Date#toISOString writes for a unix second, across the
// calendar's edges (leap days, century years, the end of a ClickHouse DateTime) and at random over 1970-9999.
import { describe, expect, it } from 'vitest';
import { isoFromSeconds } from '../../schemas/api/fields.js';

const DAY = 86_400;
const dateText = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('isoFromSeconds', () => {
  it('matches toISOString at the calendar edges', () => {
    const edges = [
      0,
      59,
      DAY - 1,
      DAY,
      Date.UTC(2000, 1, 29) / 1000, // a leap day of a 400th year
      Date.UTC(2100, 1, 28, 23, 59, 59) / 1000, // 2100 is no leap year
      Date.UTC(2100, 2, 1) / 1000,
      Date.UTC(2024, 11, 31, 23, 59, 59) / 1000,
      4_294_967_295, // the last second of a ClickHouse DateTime
      Date.UTC(9999, 11, 31, 23, 59, 59) / 1000,
    ];
    for (const seconds of edges) expect(isoFromSeconds(seconds)).toBe(dateText(seconds));
  });

  it('matches toISOString at 100,000 random seconds', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let i = 0; i < 100_000; i++) {
      const seconds = Math.floor(next() * (Date.UTC(9999, 11, 31) / 1000));
      expect(isoFromSeconds(seconds)).toBe(dateText(seconds));
    }
  });
});
