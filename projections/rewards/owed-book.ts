// What every wallet is owed on every holder-mode coin after the coin's latest round, resident in memory for the
// wallet rewards read (reward-model.ts): each coin's replay state and an index wallet -> owed entries. Rounds are
// replayed with owed.ts's own step (applyRound), with the owners' balances of every coin replayed at all its round
// slots read in a few statements (balance-buckets.ts):
// - the first time, every coin's rounds from the first;
// - when a coin gets new rounds, only those, from the state its last round left;
// - a replay that does not check out against the chain's round facts (rows of the round's batch still being
//   written) is answered as it is and replayed again, from the last state that did, when the coin's rows change.
// About 200 bytes an owed entry: the bench's 45,000 take about 9 MB.
import type { Olap } from '../../infra/olap/olap.js';
import { balancesAtSlots } from './balance-buckets.js';
import type { RoundRow } from './queries.js';
import { applyRound, type OwedCoin, type OwedProgress, type PotIncome } from './owed.js';

export interface OwedCoinState {
  /** After the coin's latest round. */
  result: OwedProgress;
  /** Whether every round replayed matched the chain. */
  consistent: boolean;
  /** The last state that matched the chain (the start of a replay again). */
  base: OwedProgress;
  /** The excluded addresses it was replayed with, joined. */
  excludedKey: string;
}

/** What a replay needs of a coin. */
export interface OwedJob {
  coin: OwedCoin;
  rounds: readonly RoundRow[];
  income: readonly PotIncome[];
  /** Start from this state (its rounds are replayed already); round 0 for all rounds. */
  from: OwedProgress;
}

export interface OwedEntry {
  mint: string;
  /** The coin's quote token. */
  token: string;
  amount: bigint;
  round: number;
}

const copy = (progress: OwedProgress): OwedProgress => ({ round: progress.round, spent: progress.spent, owed: new Map(progress.owed) });
export const FRESH: OwedProgress = Object.freeze({ round: 0, spent: 0n, owed: new Map<string, bigint>() });
export const excludedKey = (coin: OwedCoin) => [...coin.excluded].sort().join(',');

/** Slots whose balances the rounds need, ascending and distinct. */
function slotsOf(rounds: readonly RoundRow[]): number[] {
  const slots = new Set<number>();
  for (const round of rounds) {
    slots.add(round.snapshotSlot);
    if (round.baselineSlot !== null) slots.add(round.baselineSlot);
  }
  return [...slots].sort((a, b) => a - b);
}

/** Replays each job's rounds after its start, with the owners' balances at all their slots read for every job in a
 * few statements; `onCoin` gets each coin's state as soon as it is known. */
export async function replayOwed(olap: Olap, jobs: readonly OwedJob[], onCoin: (mint: string, state: OwedCoinState) => void): Promise<void> {
  const byMint = new Map(jobs.map((job) => [job.coin.mint, job]));
  const coins = jobs.map((job) => ({ mint: job.coin.mint, slots: slotsOf(job.rounds.filter((round) => round.round > job.from.round)) }));
  await balancesAtSlots(olap, coins, (mint, balances) => {
    const at = (slot: number) => balances.get(slot) ?? new Map<string, bigint>();
    onCoin(
      mint,
      replay(byMint.get(mint)!, (round) => ({ snapshot: at(round.snapshotSlot), baseline: round.baselineSlot === null ? null : at(round.baselineSlot) })),
    );
  });
}

function replay(
  job: OwedJob,
  balancesOf: (round: RoundRow) => { snapshot: ReadonlyMap<string, bigint>; baseline: ReadonlyMap<string, bigint> | null },
): OwedCoinState {
  const progress = copy(job.from);
  let consistent = true;
  for (const round of job.rounds) {
    if (round.round <= job.from.round) continue;
    const { snapshot, baseline } = balancesOf(round);
    if (!applyRound(progress, job.coin, job.income, round, snapshot, baseline)) consistent = false;
  }
  return { result: progress, consistent, base: consistent ? progress : job.from, excludedKey: excludedKey(job.coin) };
}

/** Coins' replay states and the owed entries of every wallet. */
export class OwedBook {
  readonly states = new Map<string, OwedCoinState>();
  /** Each wallet's coins with an owed share, by mint, and the stamp of their last change. */
  private readonly wallets = new Map<string, { mints: string[]; stamp: number }>();
  /** The coin's quote token, by coin with a state. */
  private readonly tokens = new Map<string, string>();

  /** Sets the coin's state; the wallets whose owed entries changed take `stamp`. */
  set(mint: string, token: string, state: OwedCoinState | null, stamp: number): void {
    const before = this.states.get(mint)?.result.owed ?? new Map<string, bigint>();
    const after = state?.result.owed ?? new Map<string, bigint>();
    if (state === null) {
      this.states.delete(mint);
      this.tokens.delete(mint);
    } else {
      this.states.set(mint, state);
      this.tokens.set(mint, token);
    }
    for (const wallet of new Set([...before.keys(), ...after.keys()])) {
      const owes = (after.get(wallet) ?? 0n) > 0n;
      let record = this.wallets.get(wallet);
      // A wallet left with no entries keeps its record, so its stamp never goes back.
      if (record === undefined) this.wallets.set(wallet, (record = { mints: [], stamp }));
      const at = record.mints.indexOf(mint);
      if (owes && at < 0) record.mints = [...record.mints, mint].sort();
      else if (!owes && at >= 0) record.mints = record.mints.filter((other) => other !== mint);
      record.stamp = stamp;
    }
  }

  /** The wallet's owed entries (only `coin` when set), by coin, at most `limit`. */
  walletOwed(wallet: string, coin: string | null, limit: number): OwedEntry[] {
    const out: OwedEntry[] = [];
    for (const mint of this.wallets.get(wallet)?.mints ?? []) {
      if (out.length >= limit) break;
      if (coin !== null && mint !== coin) continue;
      const state = this.states.get(mint)!;
      out.push({ mint, token: this.tokens.get(mint)!, amount: state.result.owed.get(wallet)!, round: state.result.round });
    }
    return out;
  }

  /** Stamp of the last change of the wallet's entries; 0 when it never had any. */
  walletStamp(wallet: string): number {
    return this.wallets.get(wallet)?.stamp ?? 0;
  }
}
