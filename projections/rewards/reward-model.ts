// The wallet rewards read's resident model: every payout sent, by wallet (payout-store.ts), and what every wallet
// is owed (owed-book.ts, replayed from every holder-mode coin's rounds and pot income), loaded in bulk on first use
// and kept current from the read path's versions (the change feed), so a random wallet's rewards answer from memory
// without a statement. On a read path without a change feed (tests, tools) every version is new at every read, so
// every read loads the model again.
//
// Refreshing: a read first compares the versions of the tables the model is made of with those it was last brought
// up to date with (a string compare). When they moved, one refresh runs for all waiting reads: rounds, income and
// payouts are read again only for the coins whose own versions moved (rows carry the coin), payouts only from the
// coin's latest slot loaded on; owed shares are replayed for the coins with new rounds. A read waits for a refresh
// that began after it arrived, so it sees every write made before it. A change of the coin-keyed tables other than
// coin by coin (a projector's rebuild emptying them) starts the model over.
//
// Memory, for the bench's 1,000 coins, 4,400 rounds and 356,000 payouts to 51,000 wallets: about 45 MB (payouts
// 35 MB, owed shares 9 MB, rounds and income the rest; the response objects the handlers keep are bounded there).
import { BALANCE_CHANGES_TABLE } from '../balances/table.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../coins/table.js';
import { ALL_ROUNDS, planPayoutReads, readAllRewardCoins, readIncomeOf, readPayouts, readRoundsOf } from './ledger-reads.js';
import type { OwedCoin, PotIncome } from './owed.js';
import { excludedKey, FRESH, OwedBook, replayOwed, type OwedJob } from './owed-book.js';
import { PayoutStore } from './payout-store.js';
import type { RewardCoin, RoundRow } from './queries.js';
import type { ReadPath } from '../read-path.js';
import { walletsKey } from '../../schemas/config.js';
import { REWARD_PAYOUTS_TABLE, REWARD_POT_INCOME_TABLE, REWARD_ROUNDS_TABLE } from './table.js';

const FACT_TABLES = [COINS_TABLE, COIN_GRADUATIONS_TABLE];
const LEDGER_TABLES = [REWARD_ROUNDS_TABLE, REWARD_PAYOUTS_TABLE, REWARD_POT_INCOME_TABLE];
const MODEL_TABLES = [...FACT_TABLES, ...LEDGER_TABLES];
/** The tables whose rows all carry a coin. */
const KEYED_TABLES = [...MODEL_TABLES, BALANCE_CHANGES_TABLE];
/** Coins per increment read of payouts. */
const COINS_PER_INCREMENT = 200;

/** What the owed replay needs of a coin's ledger. */
interface CoinLedger {
  /** Oldest first: round, slot, event id. */
  rounds: readonly RoundRow[];
  income: readonly PotIncome[];
  /** The coin's versions of the ledger tables when read. */
  marks: string;
}

interface Refresh {
  seq: number;
  /** The marks it began with. */
  key: string;
  done: Promise<void>;
}

export class RewardModel {
  /** Every coin's reward facts, by mint. */
  facts = new Map<string, RewardCoin>();
  payouts = new PayoutStore();
  owed = new OwedBook();

  private stamps = 0;
  private base: string | null = null;
  private ledgers = new Map<string, CoinLedger>();
  private factsMarks: string | null = null;
  private ledgerMarks: string | null = null;
  private owedLoaded = false;
  /** Coins whose owed replay did not check out: their balance history's marks when replayed. */
  private readonly balanceMarks = new Map<string, string>();
  private currentKey: string | null = null;
  private running: Refresh | null = null;
  private seq = 0;

  constructor(
    private readonly reads: ReadPath,
    private readonly serviceWallets: readonly string[],
  ) {}

  /** Null when the model is current; else a promise of it being brought up to date. */
  current(): Promise<void> | null {
    return this.currentKey === this.key() ? null : this.catchUp();
  }

  /** A value greater than every one given before: what a changed part is stamped with. */
  private next(): number {
    return ++this.stamps;
  }

  private marks(tables: readonly string[], mint?: string): string {
    return this.reads.version(tables, mint);
  }

  /** The marks the model is current with: its tables, and the balance history while an owed replay is watched. */
  private key(): string {
    const key = this.marks(MODEL_TABLES);
    return this.balanceMarks.size > 0 ? `${key}|${this.marks([BALANCE_CHANGES_TABLE])}` : key;
  }

  /** Waits for a refresh that covers every write made before the call: one begun after it, or with the same marks. */
  private async catchUp(): Promise<void> {
    const arrived = this.seq;
    const arrivalKey = this.key();
    for (;;) {
      if (this.currentKey === this.key()) return;
      const running = this.running ?? this.start();
      if (running.seq > arrived || running.key === arrivalKey) {
        await running.done;
        return;
      }
      await running.done.catch(() => undefined);
    }
  }

  private start(): Refresh {
    const seq = ++this.seq;
    const key = this.key();
    const done = this.refresh()
      .then(() => {
        this.currentKey = key;
      })
      .finally(() => {
        if (this.running?.seq === seq) this.running = null;
      });
    done.catch(() => undefined);
    this.running = { seq, key, done };
    return this.running;
  }

  private reset(): void {
    this.facts = new Map();
    this.ledgers = new Map();
    this.payouts = new PayoutStore();
    this.owed = new OwedBook();
    this.factsMarks = this.ledgerMarks = null;
    this.owedLoaded = false;
    this.balanceMarks.clear();
  }

  private async refresh(): Promise<void> {
    const base = this.reads.wholeVersion(KEYED_TABLES);
    if (base !== this.base) {
      this.reset();
      this.base = base;
    }
    const facts = await this.refreshFacts();
    const ledgers = await this.refreshLedgers(facts.changed);
    await this.refreshOwed(ledgers, facts.venues);
  }

  private async refreshFacts(): Promise<{ changed: boolean; venues: Set<string> }> {
    const marks = this.marks(FACT_TABLES);
    const venues = new Set<string>();
    if (marks === this.factsMarks) return { changed: false, venues };
    const coins = await readAllRewardCoins(this.reads.olap);
    for (const coin of coins) {
      const before = this.facts.get(coin.mint);
      if (before !== undefined && before.venues.join(',') !== coin.venues.join(',')) venues.add(coin.mint);
    }
    this.facts = new Map(coins.map((coin) => [coin.mint, coin]));
    this.factsMarks = marks;
    return { changed: true, venues };
  }

  /** Reads the ledgers of the coins whose rows moved; returns those coins. */
  private async refreshLedgers(factsChanged: boolean): Promise<Set<string>> {
    const marks = this.marks(LEDGER_TABLES);
    if (marks === this.ledgerMarks && !factsChanged) return new Set();
    const moved = new Map<string, string>();
    for (const mint of this.facts.keys()) {
      const coinMarks = this.marks(LEDGER_TABLES, mint);
      if (this.ledgers.get(mint)?.marks !== coinMarks) moved.set(mint, coinMarks);
    }
    const mints = [...moved.keys()];
    if (mints.length > 0) {
      const rounds = await readRoundsOf(this.reads.olap, mints);
      const income = await readIncomeOf(this.reads.olap, mints);
      const stamp = this.next();
      const plan = await planPayoutReads(
        this.reads.olap,
        mints.filter((mint) => !this.ledgers.has(mint)),
      );
      this.payouts.expect(plan.rows);
      for (const read of plan.reads) this.payouts.add(await readPayouts(this.reads.olap, read), stamp);
      const known = mints.filter((mint) => this.ledgers.has(mint));
      for (let i = 0; i < known.length; i += COINS_PER_INCREMENT) {
        const ranges = known.slice(i, i + COINS_PER_INCREMENT).map((mint) => ({ mint, ...ALL_ROUNDS, fromSlot: Math.max(0, this.payouts.lastSlot(mint)) }));
        this.payouts.add(await readPayouts(this.reads.olap, ranges), stamp);
      }
      this.payouts.settle();
      for (const mint of mints) this.ledgers.set(mint, { rounds: rounds.get(mint) ?? [], income: income.get(mint) ?? [], marks: moved.get(mint)! });
    }
    this.ledgerMarks = marks;
    return new Set(mints);
  }
  /** Replays the owed shares that may have changed. */
  private async refreshOwed(ledgers: ReadonlySet<string>, venues: ReadonlySet<string>): Promise<void> {
    const balancesMoved = [...this.balanceMarks].some(([mint, marks]) => this.marks([BALANCE_CHANGES_TABLE], mint) !== marks);
    if (this.owedLoaded && ledgers.size === 0 && venues.size === 0 && !balancesMoved) return;
    const jobs: OwedJob[] = [];
    for (const [mint, facts] of this.facts) {
      const ledger = this.ledgers.get(mint);
      const state = this.owed.states.get(mint);
      if (facts.mode !== 'holder' || ledger === undefined || ledger.rounds.length === 0) {
        if (state !== undefined) this.owed.set(mint, facts.quoteMint, null, this.next());
        continue;
      }
      const coin: OwedCoin = { mint, quoteMint: facts.quoteMint, excluded: new Set([...facts.venues, ...this.serviceWallets]) };
      const job = (from: OwedJob['from']): OwedJob => ({ coin, rounds: ledger.rounds, income: ledger.income, from });
      const latest = ledger.rounds.at(-1)!.round;
      if (state === undefined || state.excludedKey !== excludedKey(coin)) jobs.push(job(FRESH));
      else if (state.consistent) {
        if (latest > state.result.round) jobs.push(job(state.result));
      } else if (ledgers.has(mint) || this.balanceMarks.get(mint) !== this.marks([BALANCE_CHANGES_TABLE], mint)) jobs.push(job(state.base));
    }
    for (const job of jobs) this.balanceMarks.set(job.coin.mint, this.marks([BALANCE_CHANGES_TABLE], job.coin.mint));
    await replayOwed(this.reads.olap, jobs, (mint, state) => {
      this.owed.set(mint, this.facts.get(mint)!.quoteMint, state, this.next());
      if (state.consistent) this.balanceMarks.delete(mint);
    });
    this.owedLoaded = true;
  }
}

/** The read path's rewards model (one per set of service wallets, which owed shares never count). */
export function rewardModel(reads: ReadPath, serviceWallets: readonly string[]): RewardModel {
  return reads.index(`reward-model\n${walletsKey(serviceWallets)}`, () => new RewardModel(reads, serviceWallets));
}
