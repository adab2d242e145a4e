// One coin's reward facts in memory for the resident rewards model (reward-model.ts): its rounds, the holders'
// share of its fee claims, pot totals and what its payouts sent per round and token; and the reads the coin
// rewards answer is made of, computed from them (token totals priced with the resident SOL prices). A few hundred
// bytes a round or claim: 4,400 rounds and 12,800 claims of 1,000 coins take about 3 MB.
import type { PotIncome } from './owed.js';
import type { LedgerRound } from './ledger-reads.js';
import { priceInForce, priceTimeAtOrBefore, type PriceSeries } from './price-series.js';
import type { PotTotals, RoundPayouts, RoundRow } from './queries.js';
import type { QuotePricing, TokenTotals } from './token-totals.js';

export interface CoinLedger {
  mint: string;
  /** Oldest first: round, slot, event id. */
  rounds: readonly LedgerRound[];
  /** Newest first: round and slot descending, event id ascending (latestRounds' order). */
  newestFirst: readonly RoundRow[];
  income: readonly PotIncome[];
  pot: PotTotals;
  /** What each round's payouts sent. */
  payouts: ReadonlyMap<number, RoundPayouts>;
  /** Raw units of each token sent over all rounds. */
  paidByToken: ReadonlyMap<string, bigint>;
  /** The coin's versions of the ledger tables when read. */
  marks: string;
  /** Changes whenever the ledger does (a value of the model's counter). */
  stamp: number;
}

export function makeLedger(
  mint: string,
  rounds: readonly LedgerRound[],
  income: readonly PotIncome[],
  payouts: { byRound: ReadonlyMap<number, RoundPayouts>; paidByToken: ReadonlyMap<string, bigint> },
  marks: string,
  stamp: number,
): CoinLedger {
  const newestFirst = rounds
    .map(({ timeMs: _, ...round }): RoundRow => round)
    .sort((a, b) => b.round - a.round || b.slot - a.slot || (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0));
  return {
    mint,
    rounds,
    newestFirst,
    income,
    pot: {
      takenIn: income.reduce((sum, claim) => sum + claim.amount, 0n),
      spent: rounds.reduce((sum, round) => sum + round.potSpent, 0n),
      rounds: rounds.length,
    },
    payouts: payouts.byRound,
    paidByToken: payouts.paidByToken,
    marks,
    stamp,
  };
}

/** A ledger with no rows (a coin without claims, rounds or payouts). */
export const emptyLedger = (mint: string, marks: string, stamp: number): CoinLedger =>
  makeLedger(mint, [], [], { byRound: new Map(), paidByToken: new Map() }, marks, stamp);

interface TokenAcc {
  token: string;
  cost: bigint;
  costMicroUsd: bigint;
  unpriced: Set<number>;
  last: { round: number; slot: number; bought: bigint; cost: bigint };
  first: { round: number; slot: number };
}

const after = (a: { round: number; slot: number }, b: { round: number; slot: number }) => a.round > b.round || (a.round === b.round && a.slot > b.slot);

/** Per-token totals of the coin's rounds, in the order of first purchase. */
export function tokenTotalsOf(ledger: CoinLedger, pricing: QuotePricing, prices: PriceSeries): TokenTotals[] {
  if (ledger.rounds.length === 0) return [];
  let fromMs = 0;
  let toMs = 0;
  if (pricing.kind === 'sol') {
    const times = ledger.rounds.map((round) => round.timeMs);
    fromMs = priceTimeAtOrBefore(prices, Math.min(...times));
    toMs = Math.max(...times);
  }
  const tokens = new Map<string, TokenAcc>();
  for (const round of ledger.rounds) {
    const microUsd = pricing.kind === 'sol' ? priceInForce(prices, round.timeMs, fromMs, toMs) : pricing.kind === 'fixed' ? pricing.microUsd : null;
    for (const bought of round.tokens) {
      const at = { round: round.round, slot: round.slot };
      let acc = tokens.get(bought.mint);
      if (acc === undefined) {
        acc = { token: bought.mint, cost: 0n, costMicroUsd: 0n, unpriced: new Set(), last: { ...at, bought: bought.bought, cost: bought.cost }, first: at };
        tokens.set(bought.mint, acc);
      } else {
        if (after(at, acc.last)) acc.last = { ...at, bought: bought.bought, cost: bought.cost };
        if (after(acc.first, at)) acc.first = at;
      }
      acc.cost += bought.cost;
      if (microUsd === null) acc.unpriced.add(round.round);
      else acc.costMicroUsd += bought.cost * microUsd;
    }
  }
  return [...tokens.values()]
    .sort((a, b) => (after(b.first, a.first) ? -1 : after(a.first, b.first) ? 1 : a.token < b.token ? -1 : a.token > b.token ? 1 : 0))
    .map((acc) => ({
      token: acc.token,
      paid: ledger.paidByToken.get(acc.token) ?? 0n,
      cost: acc.cost,
      costMicroUsd: acc.costMicroUsd,
      unpricedRounds: acc.unpriced.size,
      last: { bought: acc.last.bought, cost: acc.last.cost },
    }));
}
