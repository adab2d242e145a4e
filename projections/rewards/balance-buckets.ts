// Owners' balances of many coins at many slots in few statements, for replaying payout rounds (owed-projector.ts).
// Per coin, its slots of interest (the snapshot and baseline of every round replayed) cut its balance history into
// buckets: bucket j holds the changes after slot j-1 up to slot j. Only the last change of each token account in each
// bucket can be seen at a slot, so the store returns that one per (account, bucket), and an account's balance at slot
// j is the one of its last bucket at or before j. Equal to balances/queries.ts ownerBalancesAt (the latest change at
// or before the slot by (slot, log offset); here the event id breaks a tie).
//
// A coin's rounds come in chain order, each counting at its baseline the balances the round before counted at its
// snapshot, so the history keeps each coin's token accounts as of its last slot read and the next read starts after
// it: a round reads the changes since the round before, not the coin's whole history. A coin is read from the start
// when nothing is kept for it or a slot asked lies before the one kept (a batch written again), and an account set
// is kept only once the store holds every change up to its slot. The kept accounts are bounded in number, the
// coins read longest ago dropped first.
//
// Coins are read together up to RAW_ROWS_PER_READ balance changes a statement; a coin with more is read in parts
// of its token accounts (by a hash of the account), each account whole in one part.
import type { Olap } from '../../infra/olap/olap.js';
import { BALANCE_CHANGES_TABLE } from '../balances/table.js';

/** Balance changes one statement reads at most, unless one part of a coin has more. */
const RAW_ROWS_PER_READ = 60_000;
/** Token accounts kept across all coins. */
const KEPT_ACCOUNTS = 100_000;

export interface BucketCoin {
  mint: string;
  /** Slots of interest, ascending, distinct. */
  slots: readonly number[];
  /** Every balance change of the coin before this slot is in the store (the slot of its latest round read). */
  completeBefore: number;
}

/** Each owner's positive balance at each of the coin's slots, by slot. */
export type BalancesAtSlots = Map<number, Map<string, bigint>>;

interface Holding {
  owner: string;
  post: bigint;
}

/** A coin's token accounts as of a slot: each one's owner and balance after its last change at or before it. */
interface AccountsAt {
  slot: number;
  accounts: Map<string, Holding>;
}

/** One coin's read: the slots asked, the slot the read starts after (-1: from the start), and its accounts then. */
interface CoinRead {
  coin: BucketCoin;
  after: number;
  base: Map<string, Holding>;
}

interface Read {
  coins: CoinRead[];
  /** Part of the single coin's accounts: [part, parts]. */
  part: [number, number] | null;
}

interface BucketRow {
  mint: string;
  tokenAccount: string;
  bucket: number;
  owner: string;
  post: string;
}

export class BalanceHistory {
  private readonly kept = new Map<string, AccountsAt>();
  private keptAccounts = 0;
  /** The store the kept accounts were read from. */
  private olap: Olap | null = null;

  /** Every owner's balance of each coin at each of its slots; `onCoin` gets each coin once all its rows are read. */
  async balancesAtSlots(olap: Olap, coins: readonly BucketCoin[], onCoin: (mint: string, balances: BalancesAtSlots) => void): Promise<void> {
    if (this.olap !== olap) {
      this.kept.clear();
      this.keptAccounts = 0;
      this.olap = olap;
    }
    const asked = coins.filter((coin) => coin.slots.length > 0).map((coin) => this.startOf(coin));
    const pending = new Map<string, { read: CoinRead; balances: Map<string, bigint>[]; latest: Map<string, Holding>; readsLeft: number }>();
    for (const read of await planReads(olap, asked)) {
      for (const coin of read.coins) {
        if (!pending.has(coin.coin.mint)) {
          pending.set(coin.coin.mint, { read: coin, balances: coin.coin.slots.map(() => new Map()), latest: new Map(), readsLeft: read.part?.[1] ?? 1 });
        }
      }
      const rows = await readBuckets(olap, read);
      for (let start = 0; start < rows.length; ) {
        const { mint, tokenAccount } = rows[start]!;
        let end = start + 1;
        while (end < rows.length && rows[end]!.tokenAccount === tokenAccount && rows[end]!.mint === mint) end++;
        const state = pending.get(mint)!;
        const latest = addAccount(rows, start, end, state.read.base.get(tokenAccount), state.balances);
        state.latest.set(tokenAccount, latest);
        start = end;
      }
      for (const { coin } of read.coins) {
        const state = pending.get(coin.mint)!;
        if (--state.readsLeft > 0) continue;
        pending.delete(coin.mint);
        for (const [account, holding] of state.read.base) if (!state.latest.has(account)) addHolding(holding, 0, state.balances.length, state.balances);
        this.keep(coin, state.read.base, state.latest);
        onCoin(coin.mint, new Map(coin.slots.map((slot, j) => [slot, state.balances[j]!])));
      }
    }
    for (const coin of coins) if (coin.slots.length === 0) onCoin(coin.mint, new Map());
  }

  /** Where a coin's read starts: after its kept accounts when every slot asked is at or after theirs. */
  private startOf(coin: BucketCoin): CoinRead {
    const kept = this.kept.get(coin.mint);
    if (kept !== undefined && kept.slot <= coin.slots[0]!) return { coin, after: kept.slot, base: kept.accounts };
    return { coin, after: -1, base: new Map() };
  }

  /** Keeps the coin's accounts as of its last slot read, when the store holds every change up to it. */
  private keep(coin: BucketCoin, base: Map<string, Holding>, latest: Map<string, Holding>): void {
    this.forget(coin.mint);
    const slot = coin.slots.at(-1)!;
    if (slot >= coin.completeBefore) return;
    // The base is the coin's own (its kept accounts, or new for a read from the start): brought forward in place.
    for (const [account, holding] of latest) base.set(account, holding);
    this.kept.set(coin.mint, { slot, accounts: base });
    this.keptAccounts += base.size;
    for (const [mint] of this.kept) {
      if (this.keptAccounts <= KEPT_ACCOUNTS) break;
      this.forget(mint);
    }
  }

  private forget(mint: string): void {
    const kept = this.kept.get(mint);
    if (kept === undefined) return;
    this.kept.delete(mint);
    this.keptAccounts -= kept.accounts.size;
  }
}

async function planReads(olap: Olap, coins: readonly CoinRead[]): Promise<Read[]> {
  const counts = new Map<string, number>();
  for (let i = 0; i < coins.length; i += 500) {
    const chunk = coins.slice(i, i + 500);
    const rows = await olap.query<{ mint: string; rows: string }>(
      `SELECT mint, count() AS rows FROM ${BALANCE_CHANGES_TABLE}
       WHERE mint IN {mints:Array(String)}
         AND slot >= transform(mint, {mints:Array(String)}, {firsts:Array(UInt64)}, toUInt64(0))
         AND slot <= transform(mint, {mints:Array(String)}, {last:Array(UInt64)}, toUInt64(0))
       GROUP BY mint`,
      { mints: chunk.map((read) => read.coin.mint), firsts: chunk.map((read) => read.after + 1), last: chunk.map((read) => read.coin.slots.at(-1)!) },
    );
    for (const row of rows) counts.set(row.mint, Number(row.rows));
  }
  const reads: Read[] = [];
  let group: CoinRead[] = [];
  let rows = 0;
  for (const coin of coins) {
    const n = counts.get(coin.coin.mint) ?? 0;
    if (n > RAW_ROWS_PER_READ) {
      const parts = Math.ceil(n / RAW_ROWS_PER_READ);
      for (let part = 0; part < parts; part++) reads.push({ coins: [coin], part: [part, parts] });
      continue;
    }
    if (rows + n > RAW_ROWS_PER_READ && group.length > 0) {
      reads.push({ coins: group, part: null });
      group = [];
      rows = 0;
    }
    group.push(coin);
    rows += n;
  }
  if (group.length > 0) reads.push({ coins: group, part: null });
  return reads;
}

// No FINAL: a change written twice is the same row twice (same event id, same values), and the last change of a
// bucket is the same whichever copy is taken.
function readBuckets(olap: Olap, read: Read): Promise<BucketRow[]> {
  const part = read.part === null ? '' : 'AND cityHash64(b.tokenAccount) % {parts:UInt64} = {part:UInt64}';
  const coins = read.coins.map((coin) => coin.coin);
  return olap.query<BucketRow>(
    `SELECT mint, tokenAccount, bucket, toString(tupleElement(last, 1)) AS owner, toString(tupleElement(last, 2)) AS post
     FROM (
       SELECT b.mint AS mint, b.tokenAccount AS tokenAccount, arrayFirstIndex(s -> s >= b.slot, r.slots) AS bucket,
         argMax((b.owner, b.post), (b.slot, b.logOffset, b.id)) AS last
       FROM ${BALANCE_CHANGES_TABLE} AS b
       INNER JOIN (
         SELECT tupleElement(p, 1) AS mint, tupleElement(p, 2) AS first,
           arraySlice({slots:Array(UInt64)}, tupleElement(p, 3), tupleElement(p, 4)) AS slots
         FROM (SELECT arrayJoin(arrayZip({mints:Array(String)}, {firsts:Array(UInt64)}, {starts:Array(UInt32)}, {lengths:Array(UInt32)})) AS p)
       ) AS r ON r.mint = b.mint
       WHERE b.mint IN {mints:Array(String)} AND b.slot >= r.first AND b.slot <= arrayMax(r.slots) ${part}
       GROUP BY mint, tokenAccount, bucket
     )
     ORDER BY mint, tokenAccount, bucket`,
    {
      mints: coins.map((coin) => coin.mint),
      firsts: read.coins.map((coin) => coin.after + 1),
      // Each coin's slots, one after the other: slots[start, start + length) (1-based).
      slots: coins.flatMap((coin) => coin.slots),
      starts: startsOf(coins.map((coin) => coin.slots.length)),
      lengths: coins.map((coin) => coin.slots.length),
      parts: read.part?.[1] ?? 1,
      part: read.part?.[0] ?? 0,
    },
  );
}

/** Adds an account's holding to each slot of index [from, to). */
function addHolding(holding: Holding, from: number, to: number, balances: Map<string, bigint>[]): void {
  if (holding.post <= 0n) return;
  for (let j = from; j < to; j++) balances[j]!.set(holding.owner, (balances[j]!.get(holding.owner) ?? 0n) + holding.post);
}

/** Adds one account's balance (its holding before the read, then its rows of buckets, ascending) to each slot it
 * holds at; its holding after the last row. */
function addAccount(rows: readonly BucketRow[], from: number, to: number, before: Holding | undefined, balances: Map<string, bigint>[]): Holding {
  let holding = before;
  let since = 0;
  for (let i = from; i < to; i++) {
    const row = rows[i]!;
    if (holding !== undefined) addHolding(holding, since, row.bucket - 1, balances);
    holding = { owner: row.owner, post: BigInt(row.post) };
    since = row.bucket - 1;
  }
  addHolding(holding!, since, balances.length, balances);
  return holding!;
}

/** Where each of runs of these lengths starts when they are laid one after the other (1-based). */
function startsOf(lengths: readonly number[]): number[] {
  let at = 1;
  return lengths.map((length) => {
    const start = at;
    at += length;
    return start;
  });
}
