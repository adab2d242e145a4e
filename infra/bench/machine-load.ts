// How busy the whole machine was over a window, from /proc/stat (Linux; elsewhere unknown): cores' worth of
// CPU in use and stolen by the hypervisor. Beside the bench's own processes' CPU it shows whether something
// else was running during a measurement.
import { readFileSync } from 'node:fs';

export interface CpuTimes {
  busy: number;
  steal: number;
  total: number;
}

/** The machine's CPU counters now (all cores together), or null where /proc/stat is not readable. */
export function cpuTimes(): CpuTimes | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
    return { busy: user + nice + system + irq + softirq, steal, total: user + nice + system + idle + iowait + irq + softirq + steal };
  } catch {
    return null;
  }
}

/** Cores busy and stolen between two readings. */
export function coresBetween(from: CpuTimes | null, to: CpuTimes | null, cores: number): { busy: number; steal: number } | null {
  if (from === null || to === null || to.total <= from.total) return null;
  const total = to.total - from.total;
  return { busy: ((to.busy - from.busy) / total) * cores, steal: ((to.steal - from.steal) / total) * cores };
}
