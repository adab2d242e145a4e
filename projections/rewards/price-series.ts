// Every posted SOL price in memory, for the resident rewards model (reward-model.ts): the price in force at each
// payout round and the latest price are looked up here instead of one statement per coin. The lookups give what
// the statements give: `priceInForce` what token-totals.ts's ASOF join picks (the greatest (second, slot) at or
// before the round's second, among the prices posted from the one in force at the coin's first round to its last
// round), `latest` what prices/queries.ts priceAt(olap, 'SOL') reads (the greatest (time, slot)). Three numbers
// and a bigint a price: 35 days at one price every 5 minutes (10,080 prices) is about 0.6 MB.
import type { Olap } from '../../infra/olap/olap.js';
import { PRICES_TABLE } from '../prices/table.js';

export interface PriceSeries {
  /** Sorted by (second, slot, millisecond). */
  readonly seconds: Float64Array;
  readonly slots: Float64Array;
  readonly ms: Float64Array;
  readonly microUsd: readonly bigint[];
  /** The price with the greatest (time, slot); null without any. */
  readonly latest: bigint | null;
}

export const NO_PRICES: PriceSeries = { seconds: new Float64Array(), slots: new Float64Array(), ms: new Float64Array(), microUsd: [], latest: null };

/** Every SOL price, one statement. */
export async function readSolPrices(olap: Olap): Promise<PriceSeries> {
  const rows = await olap.query<{ ms: string; slot: string; microUsd: string }>(
    `SELECT toUnixTimestamp64Milli(time) AS ms, slot, toString(microUsd) AS microUsd FROM ${PRICES_TABLE} FINAL
     WHERE asset = 'SOL' ORDER BY toUnixTimestamp(time), slot, time`,
  );
  const n = rows.length;
  const series = { seconds: new Float64Array(n), slots: new Float64Array(n), ms: new Float64Array(n), microUsd: new Array<bigint>(n) };
  let latest = -1;
  rows.forEach((row, i) => {
    series.ms[i] = Number(row.ms);
    series.seconds[i] = Math.floor(series.ms[i]! / 1000);
    series.slots[i] = Number(row.slot);
    series.microUsd[i] = BigInt(row.microUsd);
    if (latest < 0 || series.ms[i]! > series.ms[latest]! || (series.ms[i] === series.ms[latest] && series.slots[i]! > series.slots[latest]!)) latest = i;
  });
  return { ...series, latest: latest < 0 ? null : series.microUsd[latest]! };
}

/** The price the rounds of a coin are valued at: the greatest (second, slot) at or before `roundMs`'s second, among
 * prices posted in [`fromMs`, `toMs`]; null when none. */
export function priceInForce(series: PriceSeries, roundMs: number, fromMs: number, toMs: number): bigint | null {
  const fromSecond = Math.floor(fromMs / 1000);
  for (let i = firstIndexAfter(series, Math.floor(roundMs / 1000)) - 1; i >= 0; i--) {
    if (series.seconds[i]! < fromSecond) return null;
    const ms = series.ms[i]!;
    if (ms >= fromMs && ms <= toMs) return series.microUsd[i]!;
  }
  return null;
}

/** Time of the price in force at `ms` (the greatest time at or before it), the epoch when none: where the
 * prices a coin's rounds may be valued at begin. */
export function priceTimeAtOrBefore(series: PriceSeries, ms: number): number {
  const second = Math.floor(ms / 1000);
  const first = firstIndexAfter(series, second - 1);
  let best = -1;
  for (let i = first; i < series.seconds.length && series.seconds[i] === second; i++) {
    const at = series.ms[i]!;
    if (at <= ms && at > best) best = at;
  }
  if (best >= 0) return best;
  // Every price of an earlier second is before `ms`: the latest is in the last second before it.
  for (let i = first - 1; i >= 0 && series.seconds[i] === series.seconds[first - 1]; i--) best = Math.max(best, series.ms[i]!);
  return Math.max(best, 0);
}

/** Index of the first price whose second is after `second`. */
function firstIndexAfter(series: PriceSeries, second: number): number {
  let lo = 0;
  let hi = series.seconds.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (series.seconds[mid]! <= second) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
