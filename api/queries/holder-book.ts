// The resident holder model of the API: every coin's holders (owners whose balance over their token accounts is
// positive, its venues and the service's wallets left out), largest first, its holder view (mode, supply, venues,
// next round's baseline slot) and its owners' balances at that baseline slot, so `GET /coins/{mint}/holders` and
// the holder counts of the coin list and the coin read are answered from memory, without a statement.
//
// Loading: on first use, every coin's view in one statement, then its balances now in chunks of coins (counts are
// ready then: about 0.5 s on the bench store), then balances at the baseline slots in chunks in the background
// (one UNION statement each, about 25,000 rows). Freshness: each coin remembers its versions of the tables it was
// read from (the read path's, moved by the change feed); once the tables' version moves, a coin asked for is
// compared with its own versions (a few microseconds, once per move) and read again when its rows were written, the
// coins found so read together; requests for other coins do not wait. A coin not in the model is unknown unless the
// coins table was written since the full load; then it is looked up once (and remembered as absent while its rows
// are unchanged). Held as the read path's index, one per set of service wallets.
//
// Memory: a holding, a baseline balance or a response item takes about 140 bytes (wallet string, bigint, entry):
// the bench store (1,000 coins, 165,000 holders, 290,000 such units) takes about 40 MB. They are capped at
// MAX_DETAIL (1.5 million, about 210 MB): past it the least recently read coins drop their holder lists and
// baselines (their counts stay) and read them again when asked. Responses are kept per (coin, limit) while the
// coin is unchanged, so repeated requests return the same object (never mutated).
import { BALANCE_CHANGES_TABLE, BALANCES_TABLE } from '../../projections/balances/table.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../../projections/coins/table.js';
import type { ReadPath } from '../../projections/read-path.js';
import { REWARD_POT_INCOME_TABLE, REWARD_ROUNDS_TABLE } from '../../projections/rewards/table.js';
import type { HolderItem, HoldersResponse } from '../../schemas/api/holders.js';
import { countedBalance } from '../../schemas/rewards/allocation.js';
import { walletsKey } from '../../schemas/config.js';
import { balanceRowCounts, balanceSets, holderViews, type Holding, type HolderView } from './holder-book-sql.js';

const VIEW_TABLES = [COINS_TABLE, COIN_GRADUATIONS_TABLE, REWARD_ROUNDS_TABLE, REWARD_POT_INCOME_TABLE];
const ALL_TABLES = [...VIEW_TABLES, BALANCES_TABLE, BALANCE_CHANGES_TABLE];
/** Rows a bulk balance statement reads at most (a coin's balances plus half its changes when it has a baseline,
 * more for one coin alone): about 30-50 ms each here. */
const CHUNK_WEIGHT = 25_000;
/** The weight of a coin whose row counts are unknown. */
const UNKNOWN_WEIGHT = 1_000;
/** Holdings, baseline balances and response items kept at most (about 140 bytes each: 210 MB). */
export const MAX_DETAIL = 1_500_000;
/** Unknown mints remembered as absent at most. */
const MAX_ABSENT = 10_000;
const BPS = 10_000n;

/** What a coin's rows were read at: its versions of the tables (the read path's). */
interface Versions {
  view: string;
  balances: string;
  changes: string;
}

interface CoinEntry {
  mint: string;
  view: HolderView;
  viewVersion: string;
  /** Holder count: the holdings with the excluded owners left out. */
  count: number;
  countVersion: string;
  /** Those holdings, largest first, ties by wallet; null when dropped for memory (the count stays valid). */
  holdings: Holding[] | null;
  /** Balances at the view's baseline slot (null without a baseline, or when dropped). */
  baseline: Map<string, bigint> | null;
  baselineVersion: string;
  /** The mark of the balance changes at or before the baseline slot when the baseline was read. */
  baselineIds: string;
  /** Response items built so far (a prefix of the holdings) and responses by limit. */
  items: HolderItem[];
  responses: Map<number, HoldersResponse>;
  /** Detail units held (holdings + baseline + items). */
  units: number;
  /** The tables' marks when this coin was last compared with its own ('' when not yet: entries read anew). */
  checked: string;
  /** The read this coin waits for, while its rows are known to have changed. */
  waiting: Promise<void> | null;
}

export class HolderBook {
  private readonly coins = new Map<string, CoinEntry>();
  /** Mints found not to be coins, with the view tables' version then. */
  private readonly absent = new Map<string, string>();
  /** Coins holding details, least recently read first. */
  private readonly detailed = new Map<string, CoinEntry>();
  /** Rows each coin's bulk read takes (as at the full load), to split reads by. */
  private readonly weights = new Map<string, number>();
  private detailUnits = 0;
  private loaded: Promise<void> | null = null;
  private isLoaded = false;
  /** The coins table's version at the full load. */
  private coinsAtLoad = '';
  private queued = new Set<string>();
  private nextRead: Promise<void> | null = null;
  private lastRead: Promise<void> = Promise.resolve();

  /** The service's wallets, never holders. */
  private readonly service: ReadonlySet<string>;

  constructor(
    private readonly reads: ReadPath,
    serviceWallets: readonly string[],
    private readonly maxDetail = MAX_DETAIL,
  ) {
    this.service = new Set(serviceWallets);
  }

  /** Loads every coin's holders (baselines follow in the background). */
  async warm(): Promise<void> {
    if (!this.isLoaded) await (this.loaded ??= this.loadAll());
  }

  /** Holder count per mint; mints without holders, and mints that are not coins, are absent. */
  async holderCounts(mints: readonly string[]): Promise<Map<string, number>> {
    const entries = await this.entries(mints, false);
    const counts = new Map<string, number>();
    for (const entry of entries) if (entry !== null && entry.count > 0) counts.set(entry.mint, entry.count);
    return counts;
  }

  /** The holders read of `mint` with its `limit` largest holders; null when it is not a coin. */
  async holders(mint: string, limit: number): Promise<HoldersResponse | null> {
    let entry = (await this.entries([mint], true))[0]!;
    // Details read together with many other coins may be dropped again at once when over the cap: read alone.
    for (let tries = 0; entry !== null && !hasDetails(entry); tries++) {
      if (tries === 3) throw new Error(`holders of ${mint}: details dropped while read`);
      entry = (await this.entries([mint], true))[0]!;
    }
    if (entry === null) return null;
    this.touch(entry);
    let response = entry.responses.get(limit);
    if (response === undefined) {
      response = { holders: entry.count, baselineSlot: entry.view.baselineSlot, top: this.itemsOf(entry, limit) };
      entry.responses.set(limit, response);
    }
    return response;
  }

  /** The entries of `mints` (null for those that are not coins), each as its rows are now; with `details`, with
   * their holdings and baseline in memory. */
  private async entries(mints: readonly string[], details: boolean): Promise<(CoinEntry | null)[]> {
    if (!this.isLoaded) await (this.loaded ??= this.loadAll());
    this.checkMarks(mints, this.reads.version(ALL_TABLES));
    let waits: Promise<void>[] | null = null;
    let lookups: string[] | null = null;
    for (const mint of mints) {
      const entry = this.coins.get(mint);
      if (entry !== undefined) {
        if (entry.waiting !== null) (waits ??= []).push(entry.waiting);
        else if (details && !hasDetails(entry)) (waits ??= []).push(this.read([mint]));
      } else if (this.mayBeNew(mint)) {
        (lookups ??= []).push(mint);
      }
    }
    if (lookups !== null) (waits ??= []).push(this.read(lookups));
    if (waits !== null) await Promise.all(waits);
    return mints.map((mint) => this.coins.get(mint) ?? null);
  }

  /** Whether `mint`, not in the model, may have become a coin since it was found absent or since the full load. */
  private mayBeNew(mint: string): boolean {
    const absentAt = this.absent.get(mint);
    if (absentAt !== undefined) return this.reads.version(VIEW_TABLES, mint) !== absentAt;
    return this.reads.version([COINS_TABLE]) !== this.coinsAtLoad;
  }

  /** The versions of `mint`'s rows now. */
  private markVersions(mint: string): Versions {
    const marks = (tables: readonly string[]) => this.reads.version(tables, mint);
    return { view: marks(VIEW_TABLES), balances: marks([BALANCES_TABLE]), changes: marks([BALANCE_CHANGES_TABLE]) };
  }

  /** Coins of `mints` not compared since the tables' version last moved are compared with their own; those
   * whose rows were written are read again, together (about 5 µs a coin, once per write at most). */
  private checkMarks(mints: readonly string[], marks: string): void {
    let stale: CoinEntry[] | null = null;
    for (const mint of mints) {
      const entry = this.coins.get(mint);
      if (entry === undefined || entry.checked === marks || entry.waiting !== null) continue;
      entry.checked = marks;
      if (this.isStale(entry, this.markVersions(mint))) (stale ??= []).push(entry);
    }
    if (stale === null) return;
    const reading = this.read(stale.map((entry) => entry.mint));
    for (const entry of stale) entry.waiting = reading;
  }

  private isStale(entry: CoinEntry, now: Versions): boolean {
    return entry.viewVersion !== now.view || entry.countVersion !== now.balances || (entry.view.baselineSlot !== null && entry.baselineVersion !== now.changes);
  }

  /** Versions of every coin in `mints` before their rows are read. */
  private versionsOf(mints: readonly string[]): Map<string, Versions> {
    return new Map(mints.map((mint) => [mint, this.markVersions(mint)]));
  }

  /** Every coin's view, then balances now in chunks: counts are ready; balances at the baselines follow in the
   * background, chunk after chunk, so a coin asked for meanwhile waits for one chunk at most. */
  private async loadAll(): Promise<void> {
    try {
      const coinsMarks = this.reads.version([COINS_TABLE]);
      const viewMarks = this.reads.version(VIEW_TABLES);
      const views = await holderViews(this.reads.olap);
      // Per-coin view versions taken after the read are right only when no view table was written meanwhile; else
      // every coin's view is read again when next asked for.
      const viewsSettled = this.reads.version(VIEW_TABLES) === viewMarks;
      const viewVersions = new Map([...views.keys()].map((mint) => [mint, viewsSettled ? this.reads.version(VIEW_TABLES, mint) : '']));
      const rows = await balanceRowCounts(this.reads.olap);
      for (const [mint, view] of views) {
        const counts = rows.get(mint);
        if (counts !== undefined) this.weights.set(mint, counts.balances + (view.baselineSlot === null ? 0 : counts.changes / 2));
      }
      for (const chunk of this.chunks([...views.keys()], (mint) => rows.get(mint)?.balances ?? 0)) {
        const versions = new Map<string, Versions>();
        for (const mint of chunk) versions.set(mint, { ...this.markVersions(mint), view: viewVersions.get(mint)! });
        await this.readBalances(chunk, views, versions, false);
      }
      this.coinsAtLoad = coinsMarks;
      this.isLoaded = true;
      void this.loadBaselines((mint) => (rows.get(mint)?.changes ?? 0) / 2);
    } catch (error) {
      this.loaded = null;
      throw error;
    }
  }

  /** Balances at the baseline of every coin that has none yet, a chunk at a time (a failed chunk is read when
   * its coins are asked for). */
  private async loadBaselines(weight: (mint: string) => number): Promise<void> {
    const mints = [...this.coins.values()].filter((entry) => !hasDetails(entry) && entry.holdings !== null).map((entry) => entry.mint);
    for (const chunk of this.chunks(mints, weight)) await this.read(chunk).catch(() => {});
  }

  /** `mints` in groups of about CHUNK_WEIGHT rows. */
  private *chunks(mints: readonly string[], weight = (mint: string) => this.weights.get(mint) ?? UNKNOWN_WEIGHT): Generator<string[]> {
    let chunk: string[] = [];
    let sum = 0;
    for (const mint of mints) {
      const w = weight(mint);
      if (chunk.length > 0 && sum + w > CHUNK_WEIGHT) {
        yield chunk;
        chunk = [];
        sum = 0;
      }
      chunk.push(mint);
      sum += w;
    }
    if (chunk.length > 0) yield chunk;
  }

  /** Reads `mints` again in the next batch read (one at a time; a batch takes every coin asked for meanwhile). */
  private read(mints: readonly string[]): Promise<void> {
    for (const mint of mints) this.queued.add(mint);
    if (this.nextRead === null) {
      const run = this.lastRead.then(async () => {
        this.nextRead = null;
        const batch = [...this.queued];
        this.queued.clear();
        try {
          await this.readNow(batch);
        } catch (error) {
          // Nothing is kept from a failed read: its coins are compared again at the next request.
          for (const mint of batch) {
            const entry = this.coins.get(mint);
            if (entry !== undefined && entry.waiting === run) {
              entry.waiting = null;
              entry.checked = '';
            }
          }
          throw error;
        }
      });
      this.nextRead = run;
      this.lastRead = run.catch(() => {});
    }
    return this.nextRead;
  }

  /** Views (where changed), then balances now and at the baseline of `mints`, in chunks. */
  private async readNow(mints: readonly string[]): Promise<void> {
    for (const chunk of this.chunks(mints)) {
      const versions = await this.versionsOf(chunk);
      const viewStale = chunk.filter((mint) => this.coins.get(mint)?.viewVersion !== versions.get(mint)!.view);
      const views = new Map<string, HolderView>();
      const read = await holderViews(this.reads.olap, viewStale);
      const readAgain = new Set(viewStale);
      for (const mint of chunk) {
        const view = readAgain.has(mint) ? read.get(mint) : this.coins.get(mint)?.view;
        if (view !== undefined) {
          views.set(mint, view);
          continue;
        }
        // Not a coin (any more): remembered as absent while its view rows are unchanged.
        const entry = this.coins.get(mint);
        if (entry !== undefined) this.forget(entry);
        this.absent.delete(mint);
        this.absent.set(mint, versions.get(mint)!.view);
        if (this.absent.size > MAX_ABSENT) this.absent.delete(this.absent.keys().next().value!);
      }
      await this.readBalances([...views.keys()], views, versions);
    }
  }

  /** Balances now and at the baseline slot of `mints` (those whose rows changed, or whose details were dropped),
   * and the entries replaced. Balances at the baseline are read again only when the slot moved or a change at or
   * before it was written (live writes are of later slots: a mark of the changes up to the slot tells, read with
   * the balances now), so a written coin costs one statement, two when its past was written. */
  private async readBalances(
    mints: readonly string[],
    views: ReadonlyMap<string, HolderView>,
    versions: ReadonlyMap<string, Versions>,
    baselines = true,
  ): Promise<void> {
    const now: string[] = [];
    const atSlot = new Map<string, number>();
    const check = new Map<string, number>();
    for (const mint of mints) {
      const entry = this.coins.get(mint);
      const view = views.get(mint)!;
      const v = versions.get(mint)!;
      const sameView = entry !== undefined && entry.viewVersion === v.view;
      if (!sameView || entry.countVersion !== v.balances || entry.holdings === null) now.push(mint);
      const slot = view.baselineSlot;
      if (slot === null || !baselines) continue;
      if (entry === undefined || entry.baseline === null || entry.view.baselineSlot !== slot) atSlot.set(mint, slot);
      else if (entry.baselineVersion !== v.changes) check.set(mint, slot);
    }
    const sets = await balanceSets(this.reads.olap, now, atSlot, new Map([...atSlot, ...check]));
    const pastWritten = new Map([...check].filter(([mint]) => sets.idsAt.get(mint) !== this.coins.get(mint)!.baselineIds));
    if (pastWritten.size > 0) {
      const again = await balanceSets(this.reads.olap, [], pastWritten, pastWritten);
      for (const mint of pastWritten.keys()) {
        sets.atSlot.set(mint, again.atSlot.get(mint)!);
        sets.idsAt.set(mint, again.idsAt.get(mint)!);
      }
    }
    for (const mint of mints) {
      const old = this.coins.get(mint);
      const view = views.get(mint)!;
      const v = versions.get(mint)!;
      const holdings = sets.now.has(mint) ? this.holdersOf(sets.now.get(mint)!, view) : old!.holdings!;
      const baseline = view.baselineSlot === null || !baselines ? null : (sets.atSlot.get(mint) ?? old!.baseline);
      const entry: CoinEntry = {
        mint,
        view,
        viewVersion: v.view,
        count: holdings.length,
        countVersion: v.balances,
        holdings,
        baseline,
        baselineVersion: v.changes,
        baselineIds: view.baselineSlot === null || !baselines ? '' : (sets.idsAt.get(mint) ?? old!.baselineIds),
        items: [],
        responses: new Map(),
        units: holdings.length + (baseline?.size ?? 0),
        checked: '',
        waiting: null,
      };
      if (old !== undefined) this.forget(old);
      this.absent.delete(mint);
      this.coins.set(mint, entry);
      this.detailed.set(mint, entry);
      this.detailUnits += entry.units;
    }
    this.trim();
  }

  /** Holdings with the coin's venues and the service's wallets left out. */
  private holdersOf(holdings: Holding[], view: HolderView): Holding[] {
    return holdings.filter((holding) => !this.service.has(holding.wallet) && !view.venues.includes(holding.wallet));
  }

  /** The first `limit` response items of `entry`, built once each. */
  private itemsOf(entry: CoinEntry, limit: number): HolderItem[] {
    const holdings = entry.holdings!;
    const end = Math.min(limit, holdings.length);
    const { totalSupply } = entry.view;
    for (let i = entry.items.length; i < end; i++) {
      const { wallet, amount } = holdings[i]!;
      entry.items.push({
        wallet,
        amount: amount.toString(),
        shareBps: totalSupply === 0n ? 0 : Number((amount * BPS) / totalSupply),
        countsNextRound: entry.baseline === null ? null : countedBalance(amount, entry.baseline.get(wallet) ?? 0n).toString(),
      });
      entry.units += 1;
      this.detailUnits += 1;
    }
    return entry.items.slice(0, end);
  }

  private touch(entry: CoinEntry): void {
    this.detailed.delete(entry.mint);
    this.detailed.set(entry.mint, entry);
  }

  private forget(entry: CoinEntry): void {
    if (this.detailed.get(entry.mint) === entry) {
      this.detailed.delete(entry.mint);
      this.detailUnits -= entry.units;
    }
    this.coins.delete(entry.mint);
  }

  /** Details of the least recently read coins dropped while over the cap; their counts stay. */
  private trim(): void {
    for (const entry of this.detailed.values()) {
      // The coin read last keeps its details, whatever their size.
      if (this.detailUnits <= this.maxDetail || this.detailed.size <= 1) return;
      this.detailed.delete(entry.mint);
      this.detailUnits -= entry.units;
      entry.holdings = null;
      entry.baseline = null;
      entry.baselineIds = '';
      entry.items = [];
      entry.responses = new Map();
      entry.units = 0;
    }
  }
}

/** Whether a coin's holdings and (when it has a baseline) its balances at the baseline are in memory. */
function hasDetails(entry: CoinEntry): boolean {
  return entry.holdings !== null && (entry.view.baselineSlot === null || entry.baseline !== null);
}

/** The read path's holder book for a set of service wallets. */
export function holderBook(reads: ReadPath, serviceWallets: readonly string[]): HolderBook {
  return reads.index(`holder-book\n${walletsKey(serviceWallets)}`, () => new HolderBook(reads, serviceWallets));
}
