// How busy the machine was: the load average, and the cores' worth of CPU in use over a window from /proc/stat
// (Linux; null elsewhere), so a route's figures can be read against what else was running.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

interface CpuCounters {
  busy: number;
  total: number;
}

function cpuCounters(): CpuCounters | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
    return { busy: user + nice + system + irq + softirq + steal, total: user + nice + system + idle + iowait + irq + softirq + steal };
  } catch {
    return null;
  }
}

/** Starts a window; `end()` gives the cores busy over it (all processes) and the 1-minute load average then. */
export function machineWindow(): { end(): { coresBusy: number | null; load1: number } } {
  const from = cpuCounters();
  return {
    end() {
      const to = cpuCounters();
      const coresBusy = from === null || to === null || to.total <= from.total ? null : ((to.busy - from.busy) / (to.total - from.total)) * cpus().length;
      return { coresBusy, load1: loadavg()[0]! };
    },
  };
}

export function machineLine(): string {
  const [one, five, fifteen] = loadavg();
  return `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${one!.toFixed(2)} ${five!.toFixed(2)} ${fifteen!.toFixed(2)}`;
}
