// The wallet rewards read's resident model: every payout sent, by wallet (payout-store.ts), and what every wallet
// is owed after each coin's latest round (owed-book.ts), loaded on first use and kept current from the read path's
// versions, so a random wallet's rewards answer from memory without a statement. Without a change feed (tests,
// tools) every read loads the model again.
//
// Refreshing is a read path answer of the model's tables: callers of one version share one refresh, and one who
// comes after a write waits for a refresh begun after it. Refreshes run one after another; each reads again the
// payouts and owed shares of the coins whose versions of those tables moved, COINS_PER_READ coins a statement. A
// change of the tables other than coin by coin (a projector's rebuild emptying them) starts the model over. For the
// bench's 356,000 payouts to 51,000 wallets it takes about 45 MB (payouts 35 MB, owed shares 9 MB).
import { readInChunks } from '../batched-read.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../coins/table.js';
import type { ReadPath } from '../read-path.js';
import { OwedBook } from './owed-book.js';
import { PayoutStore, readCoinPayouts } from './payout-store.js';
import { readLatestOwed, readRewardCoins, type RewardCoin } from './queries.js';
import { REWARD_OWED_TABLE, REWARD_PAYOUTS_TABLE } from './table.js';

const FACT_TABLES = [COINS_TABLE, COIN_GRADUATIONS_TABLE];
/** The tables whose rows all carry a coin. */
const MODEL_TABLES = [...FACT_TABLES, REWARD_PAYOUTS_TABLE, REWARD_OWED_TABLE];
/** Coins per statement. */
const COINS_PER_READ = 50;

export class RewardModel {
  /** Every coin's reward facts, by mint. */
  facts = new Map<string, RewardCoin>();
  payouts = new PayoutStore();
  owed = new OwedBook();

  private stamp = 0;
  private base: string | null = null;
  private factsMarks: string | null = null;
  /** Each coin's versions of its payouts and of its owed shares when read. */
  private readonly payoutMarks = new Map<string, string>();
  private readonly owedMarks = new Map<string, string>();
  private refreshed: Promise<unknown> = Promise.resolve();

  constructor(private readonly reads: ReadPath) {}

  /** Null when the model is current; else a promise of it being brought up to every write made before the call. */
  current(): Promise<void> | null {
    // The answer kept is the refresh's stamp: the cache weighs what it keeps, and the model is not its to weigh.
    const refreshed = this.reads.answer('reward-model', { tables: MODEL_TABLES }, () => {
      const refresh = this.refreshed.then(() => this.refresh());
      this.refreshed = refresh.catch(() => {});
      return refresh;
    });
    return typeof refreshed === 'number' ? null : refreshed.then(() => {});
  }

  private async refresh(): Promise<number> {
    const base = this.reads.wholeVersion(MODEL_TABLES);
    if (base !== this.base) {
      this.facts = new Map();
      this.payouts = new PayoutStore();
      this.owed = new OwedBook();
      this.payoutMarks.clear();
      this.owedMarks.clear();
      this.factsMarks = null;
      this.base = base;
    }
    const facts = this.reads.version(FACT_TABLES);
    if (facts !== this.factsMarks) {
      this.facts = new Map((await readRewardCoins(this.reads.olap)).map((coin) => [coin.mint, coin]));
      this.factsMarks = facts;
    }
    const stamp = ++this.stamp;
    const payoutsMoved = this.moved(REWARD_PAYOUTS_TABLE, this.payoutMarks);
    const payouts = await readInChunks([...payoutsMoved.keys()], COINS_PER_READ, (mints) => readCoinPayouts(this.reads.olap, mints));
    this.payouts.replace(new Map([...payoutsMoved.keys()].map((mint) => [mint, payouts.get(mint) ?? []])), stamp);
    for (const [mint, mark] of payoutsMoved) this.payoutMarks.set(mint, mark);
    const owedMoved = this.moved(REWARD_OWED_TABLE, this.owedMarks);
    const owed = await readInChunks([...owedMoved.keys()], COINS_PER_READ, (mints) => readLatestOwed(this.reads.olap, mints));
    for (const [mint, mark] of owedMoved) {
      this.owed.set(mint, this.facts.get(mint)!.quoteMint, owed.get(mint) ?? null, stamp);
      this.owedMarks.set(mint, mark);
    }
    return stamp;
  }

  /** The coins whose versions of `table` moved since `marks`, with their versions now (taken before they are read,
   * so a write meanwhile is read at the next refresh). */
  private moved(table: string, marks: ReadonlyMap<string, string>): Map<string, string> {
    const moved = new Map<string, string>();
    for (const mint of this.facts.keys()) {
      const mark = this.reads.version([table], mint);
      if (marks.get(mint) !== mark) moved.set(mint, mark);
    }
    return moved;
  }
}

/** The read path's rewards model. */
export function rewardModel(reads: ReadPath): RewardModel {
  return reads.index('reward-model', () => new RewardModel(reads));
}
