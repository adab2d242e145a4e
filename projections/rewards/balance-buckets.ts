// Owners' balances of many coins at many slots in few statements, for replaying payout rounds (owed-projector.ts).
// Per coin, its slots of interest (the snapshot and baseline of every round replayed) cut its balance history into
// buckets: bucket j holds the changes after slot j-1 up to slot j. Only the last change of each token account in each
// bucket can be seen at a slot, so the store returns that one per (account, bucket), and the coin's accounts are
// brought forward bucket by bucket, its owners' balances summed at each slot. Equal to balances/queries.ts
// ownerBalancesAt (the latest change at or before the slot by (slot, log offset); here the event id breaks a tie).
//
// A coin's rounds come in chain order, each counting at its baseline the balances the round before counted at its
// snapshot, so the history keeps each coin's token accounts as of its last slot read and the next read starts after
// it: a round reads the changes since the round before, not the coin's whole history (a batch written again is read
// from the start). The kept accounts are bounded in number, the coins read longest ago dropped first.
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
  /** Slots of interest, ascending, distinct, at least one. */
  slots: readonly number[];
  /** Every balance change of the coin before this slot is in the store (the slot of its latest round read). */
  completeBefore: number;
}

/** Each owner's positive balance at each of the coin's slots, by slot. */
export type BalancesAtSlots = Map<number, Map<string, bigint>>;

/** Token accounts, each with its owner and balance after its last change. */
type Accounts = Map<string, { owner: string; post: bigint }>;

/** One coin's read: it starts after slot `after` (-1: from the start) from its `accounts` as of then; `changes[j]`
 * gets each account's last change of bucket j. */
type CoinRead = { coin: BucketCoin; after: number; accounts: Accounts; changes: Accounts[] };

/** Coins read whole in one statement, or a single coin's accounts in `parts` statements. */
type Read = { coins: CoinRead[]; parts: number };

export class BalanceHistory {
  private readonly kept = new Map<string, { slot: number; accounts: Accounts }>();
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
    const reads = coins.map((coin) => this.take(coin));
    for (const read of await planReads(olap, reads)) {
      for (let part = 0; part < read.parts; part++) await readBuckets(olap, read, part);
      for (const coin of read.coins) onCoin(coin.coin.mint, this.sweep(coin));
    }
  }

  /** The coin's read: after its kept accounts when every slot asked is at or after theirs, else from the start. The
   * kept accounts are taken (brought forward in place), so a read that fails leaves none. */
  private take(coin: BucketCoin): CoinRead {
    const kept = this.kept.get(coin.mint);
    this.forget(coin.mint);
    const from = kept !== undefined && kept.slot <= coin.slots[0]! ? kept : { slot: -1, accounts: new Map() };
    return { coin, after: from.slot, accounts: from.accounts, changes: coin.slots.map(() => new Map()) };
  }

  /** Brings the coin's accounts forward slot by slot, summing each owner's positive balances; keeps them as of the
   * last slot when the store holds every change up to it. */
  private sweep({ coin, accounts, changes }: CoinRead): BalancesAtSlots {
    const balances: BalancesAtSlots = new Map();
    for (const [j, slot] of coin.slots.entries()) {
      for (const [account, holding] of changes[j]!) accounts.set(account, holding);
      const owners = new Map<string, bigint>();
      for (const { owner, post } of accounts.values()) if (post > 0n) owners.set(owner, (owners.get(owner) ?? 0n) + post);
      balances.set(slot, owners);
    }
    const slot = coin.slots.at(-1)!;
    if (slot >= coin.completeBefore) return balances;
    this.kept.set(coin.mint, { slot, accounts });
    this.keptAccounts += accounts.size;
    for (const [mint] of this.kept) {
      if (this.keptAccounts <= KEPT_ACCOUNTS) break;
      this.forget(mint);
    }
    return balances;
  }

  private forget(mint: string): void {
    const kept = this.kept.get(mint);
    if (kept === undefined) return;
    this.kept.delete(mint);
    this.keptAccounts -= kept.accounts.size;
  }
}

/** The coins' balance changes a read covers, as `b`: each coin's after its `after` slot up to its last slot of
 * interest, joined to its slots of interest (`r.slots`). Parameters: rangeParams. */
const CHANGES_READ = `${BALANCE_CHANGES_TABLE} AS b
  INNER JOIN (
    SELECT tupleElement(p, 1) AS mint, tupleElement(p, 2) AS first,
      arraySlice({slots:Array(UInt64)}, tupleElement(p, 3), tupleElement(p, 4)) AS slots
    FROM (SELECT arrayJoin(arrayZip({mints:Array(String)}, {firsts:Array(UInt64)}, {starts:Array(UInt32)}, {lengths:Array(UInt32)})) AS p)
  ) AS r ON r.mint = b.mint
  WHERE b.mint IN {mints:Array(String)} AND b.slot >= r.first AND b.slot <= arrayMax(r.slots)`;

function rangeParams(coins: readonly CoinRead[]) {
  let start = 1;
  return {
    mints: coins.map(({ coin }) => coin.mint),
    firsts: coins.map(({ after }) => after + 1),
    // Each coin's slots, one after the other: slots[start, start + length) (1-based).
    slots: coins.flatMap(({ coin }) => coin.slots),
    starts: coins.map(({ coin }) => (start += coin.slots.length) - coin.slots.length),
    lengths: coins.map(({ coin }) => coin.slots.length),
  };
}

async function planReads(olap: Olap, coins: CoinRead[]): Promise<Read[]> {
  const counts = new Map<string, number>();
  for (let i = 0; i < coins.length; i += 500) {
    const sql = `SELECT b.mint AS mint, count() AS rows FROM ${CHANGES_READ} GROUP BY mint`;
    for (const row of await olap.query<{ mint: string; rows: string }>(sql, rangeParams(coins.slice(i, i + 500)))) counts.set(row.mint, Number(row.rows));
  }
  const reads: Read[] = [];
  let group: Read | null = null;
  let rows = 0;
  for (const coin of coins) {
    const n = counts.get(coin.coin.mint) ?? 0;
    if (n > RAW_ROWS_PER_READ) {
      reads.push({ coins: [coin], parts: Math.ceil(n / RAW_ROWS_PER_READ) });
      continue;
    }
    if (group === null || rows + n > RAW_ROWS_PER_READ) {
      reads.push((group = { coins: [], parts: 1 }));
      rows = 0;
    }
    group.coins.push(coin);
    rows += n;
  }
  return reads;
}

/** Reads part `part` of the coins' buckets into their changes. No FINAL: a change written twice is the same row twice
 * (same event id, same values), and the last change of a bucket is the same whichever copy is taken. */
async function readBuckets(olap: Olap, { coins, parts }: Read, part: number): Promise<void> {
  const rows = await olap.query<{ mint: string; tokenAccount: string; bucket: number; owner: string; post: string }>(
    `SELECT mint, tokenAccount, bucket, tupleElement(last, 1) AS owner, toString(tupleElement(last, 2)) AS post
     FROM (
       SELECT b.mint AS mint, b.tokenAccount AS tokenAccount, arrayFirstIndex(s -> s >= b.slot, r.slots) AS bucket,
         argMax((b.owner, b.post), (b.slot, b.logOffset, b.id)) AS last
       FROM ${CHANGES_READ} ${parts > 1 ? 'AND cityHash64(b.tokenAccount) % {parts:UInt64} = {part:UInt64}' : ''}
       GROUP BY mint, tokenAccount, bucket
     )`,
    { ...rangeParams(coins), parts, part },
  );
  const byMint = new Map(coins.map((coin) => [coin.coin.mint, coin]));
  for (const row of rows) byMint.get(row.mint)!.changes[row.bucket - 1]!.set(row.tokenAccount, { owner: row.owner, post: BigInt(row.post) });
}
