// Looks for trades through the API's trades route, as a client would: `GET /api/v1/coins/{mint}/trades`
// from just past the trades' block second, newest first, following `next.before` page by page until the
// page reaches older seconds, so a busy second (more trades than one page) is read whole. One walk answers
// for every watched trade of one coin in one block second.
import type { TradeRef } from './bench-types.js';

const PAGE = 100;
const MAX_PAGES = 20;

/** Requests made and the time they took, for the report (the probes are load on the API too). */
export const probeStats = { requests: 0, totalMs: 0 };

export function resetProbeStats(): void {
  probeStats.requests = 0;
  probeStats.totalMs = 0;
}

interface TradesPage {
  trades: { signature: string; time: string }[];
  next: { before: string | null };
}

/** Signatures among `trades` (one mint, one block second) that the API lists now. A coin the API does not
 * know yet (404) shows none. */
export async function visibleTrades(apiUrl: string, trades: readonly TradeRef[]): Promise<Set<string>> {
  const first = trades[0];
  if (first === undefined) return new Set();
  const wanted = new Set(trades.map((trade) => trade.signature));
  const found = new Set<string>();
  const secondStart = first.blockTime * 1000;
  let before: string | null = new Date(secondStart + 1000).toISOString();
  for (let pages = 0; before !== null && pages < MAX_PAGES && found.size < wanted.size; pages++) {
    const url = `${apiUrl}/api/v1/coins/${first.mint}/trades?limit=${PAGE}&before=${encodeURIComponent(before)}`;
    const sent = performance.now();
    const response = await fetch(url);
    if (response.status === 404) {
      await response.body?.cancel();
      break;
    }
    if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as TradesPage;
    probeStats.requests++;
    probeStats.totalMs += performance.now() - sent;
    for (const trade of page.trades) if (wanted.has(trade.signature)) found.add(trade.signature);
    const oldest = page.trades[page.trades.length - 1];
    before = oldest !== undefined && Date.parse(oldest.time) >= secondStart ? page.next.before : null;
  }
  return found;
}

/** Group trades by mint and block second: one walk each. */
export function probeGroups(trades: Iterable<TradeRef>): TradeRef[][] {
  const groups = new Map<string, TradeRef[]>();
  for (const trade of trades) {
    const key = `${trade.mint}:${trade.blockTime}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(trade);
  }
  return [...groups.values()];
}
