// Whether a process's resident memory grows at a steady rate: the least-squares line through its floor (the lowest
// sample of each window) after a warm-up, as MiB an hour. Memory rises between collections and falls at them, so
// the samples swing upward from a floor; a leak raises the floor itself.

export interface MemorySample {
  /** Seconds since the run started. */
  atSeconds: number;
  rssMiB: number;
}

export interface MemoryTrend {
  fromSeconds: number;
  toSeconds: number;
  /** Windows fitted. */
  windows: number;
  /** Fitted floor at the first and last window's lowest sample. */
  startMiB: number;
  endMiB: number;
  /** The highest sample from `fromSeconds` on. */
  maxMiB: number;
  mibPerHour: number;
}

/** The lowest sample of each `windowSeconds` from `fromSeconds` on. */
function floors(series: readonly MemorySample[], fromSeconds: number, windowSeconds: number): MemorySample[] {
  const lowest = new Map<number, MemorySample>();
  for (const sample of series) {
    if (sample.atSeconds < fromSeconds) continue;
    const window = Math.floor((sample.atSeconds - fromSeconds) / windowSeconds);
    const held = lowest.get(window);
    if (held === undefined || sample.rssMiB < held.rssMiB) lowest.set(window, sample);
  }
  return [...lowest.values()];
}

/** The trend of the floor of the samples taken at or after `fromSeconds`, by windows of `windowSeconds`; null with
 * fewer than three windows. */
export function memoryTrend(series: readonly MemorySample[], fromSeconds: number, windowSeconds: number): MemoryTrend | null {
  const fit = floors(series, fromSeconds, windowSeconds);
  if (fit.length < 3) return null;
  const n = fit.length;
  const meanT = fit.reduce((sum, s) => sum + s.atSeconds, 0) / n;
  const meanM = fit.reduce((sum, s) => sum + s.rssMiB, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const s of fit) {
    covariance += (s.atSeconds - meanT) * (s.rssMiB - meanM);
    variance += (s.atSeconds - meanT) ** 2;
  }
  const perSecond = variance === 0 ? 0 : covariance / variance;
  const first = fit[0]!.atSeconds;
  const last = fit[n - 1]!.atSeconds;
  return {
    windows: n,
    fromSeconds: first,
    toSeconds: last,
    startMiB: meanM + perSecond * (first - meanT),
    endMiB: meanM + perSecond * (last - meanT),
    maxMiB: Math.max(...series.filter((sample) => sample.atSeconds >= fromSeconds).map((sample) => sample.rssMiB)),
    mibPerHour: perSecond * 3600,
  };
}
