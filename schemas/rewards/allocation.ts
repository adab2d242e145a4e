// The holder-reward allocation rule, shared by the payout keeper and the projections that explain
// its rounds: each holder counts at the smaller of its balance at the snapshot and at the baseline;
// the pot is split pro rata (floor); a share below the minimum payout is carried as owed to the
// next round, where it is added to that round's share.
export interface AllocationInput {
  /** Quote raw units available to this round. */
  pot: bigint;
  balancesAtSnapshot: ReadonlyMap<string, bigint>;
  balancesAtBaseline: ReadonlyMap<string, bigint>;
  /** Amounts owed from earlier rounds (already part of the pot), by wallet. */
  carried: ReadonlyMap<string, bigint>;
  minPayout: bigint;
  /** Wallets never counted: pools, locked liquidity, the service's own wallets. */
  excluded: ReadonlySet<string>;
}

export interface Allocation {
  /** Counted balance per holder (the smaller of snapshot and baseline), zero-weight holders left out. */
  weights: Map<string, bigint>;
  /** Paid this round, by wallet (share plus what it was owed). */
  paid: Map<string, bigint>;
  /** Carried to the next round, by wallet. */
  owed: Map<string, bigint>;
  /** Pot left over by rounding (stays in the pot). */
  remainder: bigint;
}

export function countedBalance(atSnapshot: bigint, atBaseline: bigint): bigint {
  return atSnapshot < atBaseline ? atSnapshot : atBaseline;
}

export function allocateRound(input: AllocationInput): Allocation {
  const weights = new Map<string, bigint>();
  let total = 0n;
  for (const [wallet, snapshot] of input.balancesAtSnapshot) {
    if (input.excluded.has(wallet)) continue;
    const weight = countedBalance(snapshot, input.balancesAtBaseline.get(wallet) ?? 0n);
    if (weight <= 0n) continue;
    weights.set(wallet, weight);
    total += weight;
  }
  let carriedTotal = 0n;
  for (const amount of input.carried.values()) carriedTotal += amount;
  const distributable = input.pot > carriedTotal ? input.pot - carriedTotal : 0n;
  const paid = new Map<string, bigint>();
  const owed = new Map<string, bigint>();
  let allocated = 0n;
  const wallets = new Set([...weights.keys(), ...input.carried.keys()]);
  for (const wallet of [...wallets].sort()) {
    const weight = weights.get(wallet) ?? 0n;
    const share = total > 0n ? (distributable * weight) / total : 0n;
    allocated += share;
    const due = share + (input.carried.get(wallet) ?? 0n);
    if (due === 0n) continue;
    if (due >= input.minPayout) paid.set(wallet, due);
    else owed.set(wallet, due);
  }
  return { weights, paid, owed, remainder: distributable - allocated };
}
