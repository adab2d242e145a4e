// What each holder is owed on a coin: shares below the minimum payout, carried from round to round. The chain
// does not record them, so they are recomputed here with the keeper's own rule (schemas/rewards/allocation.ts)
// from the round facts (payout.round), the pot each round had (the holders' share of the fee claims before it,
// less what earlier rounds spent) and every owner's balance at the round's snapshot and baseline slots.
//
// Rounds replay in order, each starting from the owed amounts the one before left (owed-projector.ts writes what each
// round leaves). A replay is checked against what the chain recorded of the round (the paid shares must sum to its
// potSpent and the counted holders must number holdersCounted).
import { allocateRound } from '../../schemas/rewards/allocation.js';
import { minPayout } from '../../schemas/rewards/min-payout.js';

/** A position in chain order: slot, then log offset within the coin's partition. */
export interface ChainPosition {
  slot: number;
  logOffset: bigint;
}

/** The holders' share of one fee claim of a coin: what it put in the pot. */
export interface PotIncome extends ChainPosition {
  amount: bigint;
}

/** What a replay needs of a payout round (payout.round). */
export interface OwedRound extends ChainPosition {
  round: number;
  snapshotSlot: number;
  baselineSlot: number | null;
  potSpent: bigint;
}

export interface OwedCoin {
  quoteMint: string;
  /** Addresses never counted as holders: the coin's venues and the service's wallets. */
  excluded: ReadonlySet<string>;
}

const before = (a: ChainPosition, b: ChainPosition) => a.slot < b.slot || (a.slot === b.slot && a.logOffset < b.logOffset);

function potBefore(income: readonly PotIncome[], round: OwedRound, spent: bigint): bigint {
  let taken = 0n;
  for (const claim of income) if (before(claim, round)) taken += claim.amount;
  return taken - spent;
}

/** What a replay carries from round to round. */
export interface OwedProgress {
  round: number;
  /** Quote raw units the rounds replayed spent. */
  spent: bigint;
  owed: Map<string, bigint>;
}

/** Replays `round` on `progress` with the owners' balances at its snapshot and baseline (null: none, the snapshot
 * counts): the owed amounts after it, what it spent, its number. */
export function applyRound(
  progress: OwedProgress,
  coin: OwedCoin,
  income: readonly PotIncome[],
  round: OwedRound,
  snapshot: ReadonlyMap<string, bigint>,
  baseline: ReadonlyMap<string, bigint> | null,
): void {
  const allocation = allocateRound({
    pot: potBefore(income, round, progress.spent),
    balancesAtSnapshot: snapshot,
    balancesAtBaseline: baseline ?? snapshot,
    carried: progress.owed,
    minPayout: minPayout(coin.quoteMint),
    excluded: coin.excluded,
  });
  progress.owed = allocation.owed;
  progress.spent += round.potSpent;
  progress.round = round.round;
}
