// The soak's verdict: the fitted growth of resident memory's floor after the warm-up, as MiB an hour.
import { describe, expect, it } from 'vitest';
import { memoryTrend, type MemorySample } from '../../../infra/bench/soak/memory-trend.js';

const series = (minutes: number, rss: (atSeconds: number) => number): MemorySample[] =>
  Array.from({ length: minutes * 6 + 1 }, (_, index) => ({ atSeconds: index * 10, rssMiB: rss(index * 10) }));

describe('memory trend', () => {
  it('reads a steady climb as its rate, whatever came before the warm-up', () => {
    // A fast start (the views loading) for 5 minutes, then 30 MiB a minute.
    const climbing = series(30, (t) => (t < 300 ? 200 + t : 500 + ((t - 300) / 60) * 30));
    const trend = memoryTrend(climbing, 300, 60)!;
    expect(trend.mibPerHour).toBeCloseTo(1_800, 6);
    expect(trend.startMiB).toBeCloseTo(500, 6);
    expect(trend.endMiB).toBeCloseTo(500 + 25 * 30, 6);
  });

  it('reads swings above a level as flat, however late in a window they come', () => {
    // Memory climbs 100 MiB between collections that come every 90 s and drop it back to 600.
    const swinging = series(60, (t) => 600 + ((t % 90) / 90) * 100);
    const trend = memoryTrend(swinging, 600, 120)!;
    expect(trend.mibPerHour).toBe(0);
    expect(trend.startMiB).toBe(600);
    expect(trend.maxMiB).toBeCloseTo(600 + (80 / 90) * 100, 6);
  });

  it('reads a leak under the swings as the leak', () => {
    const leaking = series(60, (t) => 600 + ((t % 90) / 90) * 100 + t / 60);
    expect(memoryTrend(leaking, 600, 120)!.mibPerHour).toBeGreaterThan(50);
    expect(memoryTrend(leaking, 600, 120)!.mibPerHour).toBeLessThan(70);
  });

  it('gives no trend from fewer than three windows after the warm-up', () => {
    expect(
      memoryTrend(
        series(1, () => 100),
        50,
        5,
      ),
    ).toBeNull();
  });
});
