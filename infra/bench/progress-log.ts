// The progress reports of the bench's processes over time: CPU used by each process in a window (how busy
// each core's worth of work was), when a stage's count first reached a value, and the largest backlog
// between two stages (where work piled up).

export interface Sample {
  at: number;
  cpuMicros: number;
  counts: Record<string, number>;
}

export class ProgressLog {
  private readonly series = new Map<string, Sample[]>();

  add(process: string, sample: Sample): void {
    let list = this.series.get(process);
    if (!list) this.series.set(process, (list = []));
    list.push(sample);
  }

  processes(): string[] {
    return [...this.series.keys()];
  }

  /** Cores' worth of CPU the process used between two wall times (1 = one core busy), from its reports. */
  cpuCores(process: string, from: number, to: number): number | null {
    const list = this.series.get(process) ?? [];
    const start = nearest(list, from);
    const end = nearest(list, to);
    if (!start || !end || end.at <= start.at) return null;
    return (end.cpuMicros - start.cpuMicros) / 1000 / (end.at - start.at);
  }

  /** First report time at which `count` of `process` reached `target`; null when it never did. */
  reached(process: string, count: string, target: number): number | null {
    for (const sample of this.series.get(process) ?? []) if ((sample.counts[count] ?? 0) >= target) return sample.at;
    return null;
  }

  /** A count as the report nearest to `at` gave it; null when the process reported none such. */
  valueAt(process: string, count: string, at: number): number | null {
    return nearest(this.series.get(process) ?? [], at)?.counts[count] ?? null;
  }

  /** Last value of a count. */
  last(process: string, count: string): number {
    const list = this.series.get(process) ?? [];
    return list[list.length - 1]?.counts[count] ?? 0;
  }

  /** Largest difference upstream − downstream seen at one report time of the downstream process. */
  maxBacklog(up: [string, string], down: [string, string], scale = 1): number {
    let worst = 0;
    const upList = this.series.get(up[0]) ?? [];
    for (const sample of this.series.get(down[0]) ?? []) {
      const upper = nearest(upList, sample.at);
      if (!upper) continue;
      worst = Math.max(worst, (upper.counts[up[1]] ?? 0) * scale - (sample.counts[down[1]] ?? 0));
    }
    return worst;
  }
}

function nearest(list: readonly Sample[], at: number): Sample | undefined {
  let best: Sample | undefined;
  for (const sample of list) if (!best || Math.abs(sample.at - at) < Math.abs(best.at - at)) best = sample;
  return best;
}

/** The p-th percentile (0..100) of values, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}
