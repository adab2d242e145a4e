// The rewards reads' resident model: every coin's reward facts, rounds, pot income and payouts (coin-ledger.ts,
// payout-store.ts), the SOL prices (price-series.ts), what creator coins earned and sent, and what every wallet is
// owed (owed-book.ts), loaded in bulk on first use and kept current from the read path's versions (the change feed),
// so the coin rewards, wallet rewards and creators reads answer from memory without a statement. On a read path
// without a change feed (tests, tools) every version is new at every read, so every read loads the model again.
//
// Refreshing: a read first compares the versions of the tables the model is made of with those it was last brought
// up to date with (a string compare). When they moved, one refresh runs for all waiting reads: each part whose
// tables moved is read again only for the coins whose own versions moved (rows carry the coin), payouts only from
// the coin's latest slot loaded on; owed shares are replayed for the coins with new rounds. A read waits for a
// refresh that began after it arrived, so it sees every write made before it. Coin reads wait only for the coin
// parts; wallet reads also for the owed shares. A change of the coin-keyed tables other than coin by coin (a
// projector's rebuild emptying them) starts the model over.
//
// Memory, for the bench's 1,000 coins, 4,400 rounds and 356,000 payouts to 51,000 wallets: about 45 MB (payouts
// 36 MB, the rest a few MB; the response objects the handlers keep are bounded there).
import { BALANCE_CHANGES_TABLE } from '../balances/table.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../coins/table.js';
import { readCreatorLedgers, type CreatorLedgerRows } from '../creators/queries.js';
import { CREATOR_EARNINGS_TABLE, CREATOR_SENDS_TABLE } from '../creators/table.js';
import { PRICES_TABLE } from '../prices/table.js';
import { makeLedger, type CoinLedger } from './coin-ledger.js';
import {
  ALL_ROUNDS,
  heldKey,
  planPayoutReads,
  readAllRewardCoins,
  readHeldPairs,
  readIncomeOf,
  readPayouts,
  readRoundsOf,
  type FactsCoin,
  type LedgerRound,
} from './ledger-reads.js';
import type { OwedCoin } from './owed.js';
import { excludedKey, FRESH, OwedBook, replayOwed, type OwedJob } from './owed-book.js';
import { PayoutStore } from './payout-store.js';
import { NO_PRICES, readSolPrices, type PriceSeries } from './price-series.js';
import type { ReadPath } from '../read-path.js';
import { walletsKey } from '../../schemas/config.js';
import { REWARD_PAYOUTS_TABLE, REWARD_POT_INCOME_TABLE, REWARD_ROUNDS_TABLE, REWARD_WALLET_MINTS_TABLE, REWARD_WALLET_PAYOUTS_TABLE } from './table.js';

const FACT_TABLES = [COINS_TABLE, COIN_GRADUATIONS_TABLE];
const LEDGER_TABLES = [REWARD_ROUNDS_TABLE, REWARD_PAYOUTS_TABLE, REWARD_WALLET_PAYOUTS_TABLE, REWARD_POT_INCOME_TABLE];
const PRICE_TABLES = [PRICES_TABLE];
const CREATOR_TABLES = [CREATOR_EARNINGS_TABLE, CREATOR_SENDS_TABLE];
const MODEL_TABLES = [...FACT_TABLES, ...LEDGER_TABLES, ...PRICE_TABLES, ...CREATOR_TABLES];
/** The tables whose rows all carry a coin. */
const KEYED_TABLES = [...FACT_TABLES, ...LEDGER_TABLES, ...CREATOR_TABLES, BALANCE_CHANGES_TABLE, REWARD_WALLET_MINTS_TABLE];
/** Coins per increment read of payouts. */
const COINS_PER_INCREMENT = 200;

export interface CreatorLedger extends CreatorLedgerRows {
  marks: string;
  stamp: number;
}

/** 'coins': facts, ledgers, prices and creator earnings; 'wallets': also the owed shares. */
export type ModelStage = 'coins' | 'wallets';

interface Refresh {
  seq: number;
  /** The marks it began with. */
  keys: Record<ModelStage, string>;
  coins: Promise<void>;
  done: Promise<void>;
}

export class RewardModel {
  /** Every coin's facts, by mint. */
  facts = new Map<string, FactsCoin>();
  /** Each creator's coins, newest first (launch time descending, then mint). */
  byCreator = new Map<string, FactsCoin[]>();
  factsStamp = 0;
  prices: PriceSeries = NO_PRICES;
  priceStamp = 0;
  ledgers = new Map<string, CoinLedger>();
  creators = new Map<string, CreatorLedger>();
  payouts = new PayoutStore();
  owed = new OwedBook();

  private stamps = 0;
  private base: string | null = null;
  private factsMarks: string | null = null;
  private priceMarks: string | null = null;
  private ledgerMarks: string | null = null;
  private creatorMarks: string | null = null;
  private owedLoaded = false;
  /** Coins whose owed replay did not check out: their balance history's marks when replayed. */
  private readonly balanceMarks = new Map<string, string>();
  private heldMarks: string | null = null;
  private watchHeld = false;
  private readonly keys: Record<ModelStage, string | null> = { coins: null, wallets: null };
  private running: Refresh | null = null;
  private seq = 0;

  constructor(
    private readonly reads: ReadPath,
    private readonly serviceWallets: readonly string[],
  ) {}

  /** Null when `stage` is current; else a promise of it being brought up to date. */
  current(stage: ModelStage): Promise<void> | null {
    return this.keys[stage] === this.key(stage) ? null : this.catchUp(stage);
  }

  /** A value greater than every one given before: what a changed part is stamped with. */
  private next(): number {
    return ++this.stamps;
  }

  private marks(tables: readonly string[], mint?: string): string {
    return this.reads.version(tables, mint);
  }

  /** The marks a stage is current with: the model's tables; for wallets also those watched for owed shares. */
  private key(stage: ModelStage): string {
    let key = this.marks(MODEL_TABLES);
    if (stage === 'coins') return key;
    if (this.balanceMarks.size > 0) key += `|${this.marks([BALANCE_CHANGES_TABLE])}`;
    if (this.watchHeld) key += `|${this.marks([REWARD_WALLET_MINTS_TABLE])}`;
    return key;
  }

  /** Waits for a refresh that covers every write made before the call: one begun after it, or with the same marks. */
  private async catchUp(stage: ModelStage): Promise<void> {
    const arrived = this.seq;
    const arrivalKey = this.key(stage);
    for (;;) {
      if (this.keys[stage] === this.key(stage)) return;
      const running = this.running ?? this.start();
      if (running.seq > arrived || running.keys[stage] === arrivalKey) {
        await (stage === 'coins' ? running.coins : running.done);
        return;
      }
      await running.done.catch(() => undefined);
    }
  }

  private start(): Refresh {
    const seq = ++this.seq;
    const keys: Record<ModelStage, string> = { coins: this.key('coins'), wallets: this.key('wallets') };
    let coinsReady!: () => void;
    const coinsStage = new Promise<void>((resolve) => (coinsReady = resolve));
    const done = this.refresh(() => {
      this.keys.coins = keys.coins;
      coinsReady();
    })
      .then(() => {
        this.keys.coins = keys.coins;
        this.keys.wallets = keys.wallets;
      })
      .finally(() => {
        if (this.running?.seq === seq) this.running = null;
      });
    const refresh: Refresh = { seq, keys, coins: Promise.race([coinsStage, done]), done };
    refresh.coins.catch(() => undefined);
    done.catch(() => undefined);
    this.running = refresh;
    return refresh;
  }

  private reset(): void {
    this.facts = new Map();
    this.byCreator = new Map();
    this.prices = NO_PRICES;
    this.ledgers = new Map();
    this.creators = new Map();
    this.payouts = new PayoutStore();
    this.owed = new OwedBook();
    this.factsMarks = this.priceMarks = this.ledgerMarks = this.creatorMarks = this.heldMarks = null;
    this.owedLoaded = false;
    this.balanceMarks.clear();
    this.watchHeld = false;
  }

  private async refresh(coinsReady: () => void): Promise<void> {
    const base = this.reads.wholeVersion(KEYED_TABLES);
    if (base !== this.base) {
      this.reset();
      this.base = base;
    }
    const facts = await this.refreshFacts();
    await this.refreshPrices();
    const ledgers = await this.refreshLedgers(facts.changed);
    await this.refreshCreators(facts.changed);
    coinsReady();
    const owedChanged = await this.refreshOwed(ledgers, facts.venues);
    await this.refreshHeld(owedChanged);
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
    const byCreator = new Map<string, FactsCoin[]>();
    for (const coin of coins) {
      let list = byCreator.get(coin.creator);
      if (list === undefined) byCreator.set(coin.creator, (list = []));
      list.push(coin);
    }
    for (const list of byCreator.values()) list.sort((a, b) => b.launchMs - a.launchMs || (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0));
    this.byCreator = byCreator;
    this.factsStamp = this.next();
    this.factsMarks = marks;
    return { changed: true, venues };
  }

  private async refreshPrices(): Promise<void> {
    const marks = this.marks(PRICE_TABLES);
    if (marks === this.priceMarks) return;
    this.prices = await readSolPrices(this.reads.olap);
    this.priceStamp = this.next();
    this.priceMarks = marks;
  }

  /** Coins whose per-coin marks of `tables` differ from those kept, with their marks now. */
  private movedCoins(tables: readonly string[], kept: (mint: string) => string | undefined): Map<string, string> {
    const moved = new Map<string, string>();
    for (const mint of this.facts.keys()) {
      const marks = this.marks(tables, mint);
      if (kept(mint) !== marks) moved.set(mint, marks);
    }
    return moved;
  }

  /** Reads the ledgers of the coins whose rows moved; returns those coins. */
  private async refreshLedgers(factsChanged: boolean): Promise<Set<string>> {
    const marks = this.marks(LEDGER_TABLES);
    if (marks === this.ledgerMarks && !factsChanged) return new Set();
    const moved = this.movedCoins(LEDGER_TABLES, (mint) => this.ledgers.get(mint)?.marks);
    const mints = [...moved.keys()];
    if (mints.length > 0) {
      const rounds = await readRoundsOf(this.reads.olap, mints);
      const income = await readIncomeOf(this.reads.olap, mints);
      const stamp = this.next();
      const unread = mints.filter((mint) => !this.ledgers.has(mint));
      const plan = await planPayoutReads(this.reads.olap, unread);
      this.payouts.expect(plan.rows);
      for (const read of plan.reads) this.payouts.add(await readPayouts(this.reads.olap, read), stamp);
      const known = mints.filter((mint) => this.ledgers.has(mint));
      for (let i = 0; i < known.length; i += COINS_PER_INCREMENT) {
        const ranges = known.slice(i, i + COINS_PER_INCREMENT).map((mint) => ({ mint, ...ALL_ROUNDS, fromSlot: Math.max(0, this.payouts.lastSlot(mint)) }));
        this.payouts.add(await readPayouts(this.reads.olap, ranges), stamp);
      }
      this.payouts.settle();
      for (const mint of mints) {
        this.ledgers.set(mint, makeLedger(mint, rounds.get(mint) ?? [], income.get(mint) ?? [], this.payouts.coinTotals(mint), moved.get(mint)!, this.next()));
      }
    }
    this.ledgerMarks = marks;
    return new Set(mints);
  }

  private async refreshCreators(factsChanged: boolean): Promise<void> {
    const marks = this.marks(CREATOR_TABLES);
    if (marks === this.creatorMarks && !factsChanged) return;
    const moved = this.movedCoins(CREATOR_TABLES, (mint) => this.creators.get(mint)?.marks);
    const rows = await readCreatorLedgers(this.reads.olap, [...moved.keys()]);
    for (const [mint, ledger] of rows) this.creators.set(mint, { ...ledger, marks: moved.get(mint)!, stamp: this.next() });
    this.creatorMarks = marks;
  }

  /** Replays the owed shares that may have changed; returns whether any did. */
  private async refreshOwed(ledgers: ReadonlySet<string>, venues: ReadonlySet<string>): Promise<boolean> {
    const balancesMoved = [...this.balanceMarks].some(([mint, marks]) => this.marks([BALANCE_CHANGES_TABLE], mint) !== marks);
    if (this.owedLoaded && ledgers.size === 0 && venues.size === 0 && !balancesMoved) return false;
    let changed = false;
    const jobs: OwedJob[] = [];
    for (const [mint, facts] of this.facts) {
      const ledger = this.ledgers.get(mint);
      const state = this.owed.states.get(mint);
      if (facts.mode !== 'holder' || ledger === undefined || ledger.rounds.length === 0) {
        if (state !== undefined) {
          this.owed.set(mint, facts.quoteMint, null, this.next());
          changed = true;
        }
        continue;
      }
      const coin: OwedCoin = { mint, quoteMint: facts.quoteMint, excluded: new Set([...facts.venues, ...this.serviceWallets]) };
      const job = (from: OwedJob['from']): OwedJob => ({ coin, rounds: ledger.rounds, income: ledger.income, from });
      const latest = (ledger.rounds.at(-1) as LedgerRound).round;
      if (state === undefined || state.excludedKey !== excludedKey(coin)) jobs.push(job(FRESH));
      else if (state.consistent) {
        if (latest > state.result.round) jobs.push(job(state.result));
      } else if (ledgers.has(mint) || this.balanceMarks.get(mint) !== this.marks([BALANCE_CHANGES_TABLE], mint)) jobs.push(job(state.base));
    }
    for (const job of jobs) this.balanceMarks.set(job.coin.mint, this.marks([BALANCE_CHANGES_TABLE], job.coin.mint));
    await replayOwed(this.reads.olap, jobs, (mint, state) => {
      this.owed.set(mint, this.facts.get(mint)!.quoteMint, state, this.next());
      if (state.consistent) this.balanceMarks.delete(mint);
      changed = true;
    });
    this.owedLoaded = true;
    return changed;
  }

  /** Looks up whether the wallets of owed entries held their coins (reward_wallet_mints), where not known yet. */
  private async refreshHeld(owedChanged: boolean): Promise<void> {
    const marks = this.marks([REWARD_WALLET_MINTS_TABLE]);
    if (!owedChanged && (!this.watchHeld || marks === this.heldMarks)) return;
    const pairs = this.owed.unconfirmed();
    if (pairs.length > 0) {
      const held = await readHeldPairs(this.reads.olap, pairs);
      const found = pairs.filter((pair) => held.has(heldKey(pair.wallet, pair.mint)));
      this.owed.confirm(found, this.next());
      this.watchHeld = found.length < pairs.length;
    } else this.watchHeld = false;
    this.heldMarks = marks;
  }
}

/** The read path's rewards model (one per set of service wallets, which owed shares never count). */
export function rewardModel(reads: ReadPath, serviceWallets: readonly string[]): RewardModel {
  return reads.index(`reward-model\n${walletsKey(serviceWallets)}`, () => new RewardModel(reads, serviceWallets));
}
