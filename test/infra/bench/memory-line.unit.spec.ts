import { describe, expect, it } from 'vitest';
import { ProgressLog } from '../../../infra/bench/progress-log.js';
import { memoryLine } from '../../../infra/bench/report-format.js';

const MIB = 1024 * 1024;

describe("the lag phase's resident memory line", () => {
  it('shows each pipeline process at the start, every step and the end, with the change, leaving out processes that report no memory', () => {
    const progress = new ProgressLog();
    for (let at = 0; at <= 60_000; at += 250) {
      progress.add('chain', { at, cpuMicros: 0, counts: { slot: at } });
      progress.add('ingest', { at, cpuMicros: 0, counts: { rssBytes: (200 + at / 10_000) * MIB } });
      progress.add('project', { at, cpuMicros: 0, counts: { rssBytes: (600 - at / 20_000) * MIB } });
    }
    expect(memoryLine(progress, 0, 60_000, 30_000)).toBe(
      "  resident memory, MiB, at the window's start, every 30 s and at its end (60 s): ingest 200 → 203 → 206 (+6); project 600 → 599 → 597 (-3)",
    );
  });
});
