// Which trades the ingest bench watches for in the API: milestones spread evenly over a pre-generated
// ledger (by cumulative transaction count, the last trade of the ledger included), and a few trades of
// distinct coins per live slot.
import type { Milestone, TradeRef } from './bench-types.js';

export interface SlotTrades {
  slot: number;
  transactions: number;
  trades: TradeRef[];
}

/** About `count` milestones: for each k/count of the ledger's transactions, the last trade of the first slot
 * reaching it; and always the last trade of the ledger. Ordered by slot. */
export function pickMilestones(slots: readonly SlotTrades[], count: number): Milestone[] {
  const total = slots.reduce((sum, slot) => sum + slot.transactions, 0);
  const out: Milestone[] = [];
  let cumulative = 0;
  let next = 1;
  let last: Milestone | null = null;
  for (const slot of slots) {
    cumulative += slot.transactions;
    const trade = slot.trades[slot.trades.length - 1];
    if (trade === undefined) continue;
    last = { cumulative, trade };
    if (cumulative >= (total * next) / count) {
      out.push(last);
      while (cumulative >= (total * next) / count) next++;
    }
  }
  if (last !== null && out[out.length - 1] !== last) out.push(last);
  return out;
}

/** Up to `count` trades of distinct coins, from the coins with the fewest trades in the slot (their pages in
 * the API hold fewer newer trades, so finding them takes one request), each the coin's last trade in the slot. */
export function sampleTrades(trades: readonly TradeRef[], count: number): TradeRef[] {
  const lastByMint = new Map<string, { trade: TradeRef; trades: number }>();
  for (const trade of trades) {
    const entry = lastByMint.get(trade.mint);
    lastByMint.set(trade.mint, { trade, trades: (entry?.trades ?? 0) + 1 });
  }
  return [...lastByMint.values()]
    .sort((a, b) => a.trades - b.trades)
    .slice(0, count)
    .map((entry) => entry.trade);
}
