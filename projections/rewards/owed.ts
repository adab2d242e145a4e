// What each holder is owed on a coin: shares below the minimum payout, carried from round to round. The chain
// does not record them, so they are recomputed here with the keeper's own rule (schemas/rewards/allocation.ts)
// from the round facts (payout.round), the pot each round had (the holders' share of the fee claims before it,
// less what earlier rounds spent) and every owner's balance at the round's snapshot and baseline slots.
//
// Rounds replay in order, each starting from the owed amounts the one before left. A replay is checked against
// what the chain recorded of the round (the paid shares must sum to its potSpent and the counted holders must
// number holdersCounted); replays that check out are kept per coin in memory, so a later call only replays the
// rounds since. A replay that does not check out (rows of the round's batch still being written) is answered
// but not kept.
import type { ReadPath } from '../read-path.js';
import { allocateRound } from '../../schemas/rewards/allocation.js';
import { ownerBalancesAt } from '../balances/queries.js';
import { balanceChanges, potIncome, type ChainPosition, type PotIncome } from './allocation-inputs.js';
import { minPayout } from '../../schemas/rewards/min-payout.js';
import { roundsAfter, type RoundRow } from './queries.js';

export interface OwedCoin {
  mint: string;
  quoteMint: string;
  /** Addresses never counted as holders: the coin's venues and the service's wallets. */
  excluded: ReadonlySet<string>;
}

export interface OwedState {
  /** The latest round replayed; 0 before the first. */
  round: number;
  /** Quote raw units owed per wallet after that round. */
  owed: ReadonlyMap<string, bigint>;
  /** Whether every replayed round matched what the chain recorded of it. */
  consistent: boolean;
}

interface Replay extends OwedProgress {
  /** Token accounts (balance and owner) after the changes up to `sweptThrough`. */
  accounts: Map<string, { owner: string; balance: bigint }>;
  sweptThrough: number;
  lastSnapshot: { slot: number; balances: Map<string, bigint> } | null;
}

/** Coins whose replay is kept per reader; the least recently used goes first. */
const MAX_KEPT = 1_000;

const fresh = (): Replay => ({ round: 0, spent: 0n, owed: new Map(), accounts: new Map(), sweptThrough: -1, lastSnapshot: null });

const before = (a: ChainPosition, b: ChainPosition) => a.slot < b.slot || (a.slot === b.slot && a.logOffset < b.logOffset);

function potBefore(income: readonly PotIncome[], round: RoundRow, spent: bigint): bigint {
  let taken = 0n;
  for (const claim of income) if (before(claim, round)) taken += claim.amount;
  return taken - spent;
}

function owners(accounts: Replay['accounts']): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const { owner, balance } of accounts.values()) if (balance > 0n) out.set(owner, (out.get(owner) ?? 0n) + balance);
  return out;
}

/** What a replay carries from round to round. */
export interface OwedProgress {
  round: number;
  /** Quote raw units the rounds replayed spent. */
  spent: bigint;
  owed: Map<string, bigint>;
}

/** Replays `round` on `progress` with the owners' balances at its snapshot and baseline (null: none, the snapshot
 * counts): the owed amounts after it, what it spent, its number. True when it matches what the chain recorded of
 * it (the paid shares sum to its potSpent and the counted holders number holdersCounted). */
export function applyRound(
  progress: OwedProgress,
  coin: OwedCoin,
  income: readonly PotIncome[],
  round: RoundRow,
  snapshot: ReadonlyMap<string, bigint>,
  baseline: ReadonlyMap<string, bigint> | null,
): boolean {
  const allocation = allocateRound({
    pot: potBefore(income, round, progress.spent),
    balancesAtSnapshot: snapshot,
    balancesAtBaseline: baseline ?? snapshot,
    carried: progress.owed,
    minPayout: minPayout(coin.quoteMint),
    excluded: coin.excluded,
  });
  const paid = [...allocation.paid.values()].reduce((sum, amount) => sum + amount, 0n);
  progress.owed = allocation.owed;
  progress.spent += round.potSpent;
  progress.round = round.round;
  return paid === round.potSpent && allocation.weights.size === round.holdersCounted;
}

/** Replay the coin's rounds up to its latest and return what is owed after it. `knownLastRound`, when given,
 * skips the store entirely if the kept replay is already there. */
export async function owedAfterLatestRound(reads: ReadPath, coin: OwedCoin, knownLastRound?: number): Promise<OwedState> {
  const { olap } = reads;
  const coins = reads.index('owed-replays', () => new Map<string, Replay>());
  const known = coins.get(coin.mint);
  if (known !== undefined) {
    coins.delete(coin.mint); // most recently used goes last
    coins.set(coin.mint, known);
  }
  const start = known ?? fresh();
  if (knownLastRound !== undefined && start.round >= knownLastRound) return { round: start.round, owed: start.owed, consistent: true };

  const rounds = await roundsAfter(reads, coin.mint, start.round);
  if (rounds.length === 0) return { round: start.round, owed: start.owed, consistent: true };
  const income = await potIncome(olap, coin.mint);
  const lastSnapshotSlot = Math.max(...rounds.map((round) => round.snapshotSlot));
  const changes = await balanceChanges(olap, coin.mint, start.sweptThrough, lastSnapshotSlot);

  const state: Replay = { ...start, accounts: new Map(start.accounts) };
  let next = 0;
  const balancesAt = async (slot: number): Promise<Map<string, bigint>> => {
    if (state.lastSnapshot?.slot === slot) return state.lastSnapshot.balances;
    if (slot < state.sweptThrough) return ownerBalancesAt(olap, coin.mint, slot);
    for (; next < changes.length && changes[next]!.slot <= slot; next++) {
      const change = changes[next]!;
      state.accounts.set(change.tokenAccount, { owner: change.owner, balance: change.post });
    }
    state.sweptThrough = slot;
    return owners(state.accounts);
  };

  let consistent = true;
  for (const round of rounds) {
    const baseline = round.baselineSlot === null ? null : await balancesAt(round.baselineSlot);
    const snapshot = await balancesAt(round.snapshotSlot);
    if (!applyRound(state, coin, income, round, snapshot, baseline)) consistent = false;
    state.lastSnapshot = { slot: round.snapshotSlot, balances: snapshot };
  }

  if (consistent) {
    coins.delete(coin.mint);
    coins.set(coin.mint, state);
    if (coins.size > MAX_KEPT) coins.delete(coins.keys().next().value!);
  }
  return { round: state.round, owed: state.owed, consistent };
}
