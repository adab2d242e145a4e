// The lag phase's figures as text: percentiles of the lag, where it goes (per part, p50 / p99), the slowest
// slots taken apart, the same trades at the live streams' clients, the probes' own load on the API, CPU and chDB time.
import type { LagResult } from './lag-window.js';
import { GRACE_MS, type LagPart } from './lag-samples.js';
import { percentile } from './progress-log.js';
import { appendLine, cpuLine, int, memoryLine, olapLine } from './report-format.js';

const PART_LABELS: Record<LagPart, string> = {
  seen: 'confirmed → first tx at the subscriber',
  decoded: '→ in coin-events (rest streamed, raw-tx log, decoded)',
  projected: '→ chDB',
  listed: '→ listed by the API',
};
const PARTS = Object.keys(PART_LABELS) as LagPart[];
/** How often the memory line samples each process's resident memory over the window. */
const MEMORY_EVERY_MS = 30_000;

export interface LagFigures {
  p99: number;
  /** Slot confirmed → the trade message at a stream client, p99. */
  streamP99: number;
  lines: string[];
}

const spread = (values: readonly number[]) => `p50 ${int(percentile(values, 50))} / p99 ${int(percentile(values, 99))} / max ${int(Math.max(...values))}`;

export function lagFigures(result: LagResult, pollMs: number, slotMs: number): LagFigures {
  const { lags } = result;
  const p99 = percentile(lags, 99);
  const parts = PARTS.map((part) => `${PART_LABELS[part]} ${int(percentile(result.parts[part], 50))} / ${int(percentile(result.parts[part], 99))}`);
  const slowest = result.slowest.map((slow) => {
    const split = PARTS.map((part) => int(slow.parts[part] ?? Number.NaN)).join(' + ');
    return `slot ${slow.slot} (${slow.transactions} tx) ${int(slow.lag)} ms = ${split}`;
  });
  const lines = [
    `  chain rate ${int(result.chainRate)} tx/s over ${result.slots} slots; ` +
      `${lags.length} sampled trades (${result.missing} not seen within ${GRACE_MS / 1000} s, ${result.missingListedLater} of them listed by the end); ` +
      `API polled every ${pollMs} ms`,
    chainStalls(result.slotGaps, slotMs),
    `  lag, slot confirmed → trade listed by GET /coins/{mint}/trades: p50 ${int(percentile(lags, 50))} ms, p99 ${int(p99)} ms, ` +
      `max ${int(Math.max(...lags))} ms (min ${int(Math.min(...lags))} ms)`,
    `  where it goes, per sampled slot, p50 / p99 ms: ${parts.join(', ')}`,
    `  a bare reader beside the pipeline (the subscriber's call and request, nothing behind it) held each slot ${spread(result.bare.delivered)} ms ` +
      `after its confirmation; the pipeline's own share, from then to listed: ${spread(result.bare.pipeline)} ms`,
    `  of all ${result.bareAll.slots} slots confirmed in the window, the bare client held ${result.bareAll.held.length} by the end, ` +
      `${spread(result.bareAll.held)} ms after confirmation`,
    `  slowest slots: ${slowest.join('; ')}`,
    ...streamLines(result.stream),
    `  the probes' own load: ${int(result.probes.requests)} trades-route requests, ${result.probes.meanMs.toFixed(1)} ms each on average`,
    cpuLine(result.progress, result.windowStart, result.windowEnd, result.machine),
    memoryLine(result.progress, result.windowStart, result.windowEnd, MEMORY_EVERY_MS),
    olapLine(result.olap),
    appendLine(result.appends),
  ];
  return { p99, streamP99: percentile(result.stream.lags, 99), lines };
}

/** Slots the chain confirmed late: the devnet executes each slot's transactions and serves gRPC on one thread,
 * and its heap (every block kept in memory) grows, so its own ticks and garbage collections hold up what it
 * sends; the lag of the slots around such a stall includes it. */
function chainStalls(gaps: readonly number[], slotMs: number): string {
  const late = gaps.filter((gap) => gap > slotMs + 100);
  const longest = gaps.length === 0 ? 0 : Math.max(...gaps);
  return `  chain stalls: ${late.length} of ${gaps.length} slots confirmed over 100 ms after the slot before's ${slotMs} ms (longest gap ${int(longest)} ms)`;
}

/** The live streams' figure beside the trades route's, over the same sampled trades. */
function streamLines(stream: LagResult['stream']): string[] {
  const refused = Object.entries(stream.refused).map(([status, count]) => `${count} answered ${status}`);
  const { lags } = stream;
  return [
    `  lag, slot confirmed → the trade's \`trade\` message at a client of GET /coins/{mint}/stream: p50 ${int(percentile(lags, 50))} ms, ` +
      `p99 ${int(percentile(lags, 99))} ms, max ${int(Math.max(...lags))} ms (min ${int(Math.min(...lags))} ms), no cut-off; ` +
      `${lags.length + stream.missing} sampled trades of coins whose stream was open before their slot was confirmed, ` +
      `${stream.missing} of them not received by the end (${stream.missingListed} of those listed by the trades route); ` +
      `${stream.notOpen} sampled trades of coins not yet followed not counted`,
    `  the same trades listed by the trades route: ${spread(stream.listedLags)} ms; listed after the stream message by ${spread(stream.listedAfterStream)} ms; ` +
      `from the bare client holding the slot to the stream message (the pipeline's and the stream's share): ${spread(stream.afterBare)} ms`,
    `  streams: ${stream.coinStreams} coin streams open at the end, one visitor each, and the platform stream for launches` +
      `${stream.ended > 0 ? `; ${stream.ended} ended early` : ''}${refused.length > 0 ? `; ${refused.join(', ')}` : ''}; ` +
      `${int(stream.messages)} trade messages received in all`,
  ];
}
