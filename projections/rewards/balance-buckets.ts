// Owners' balances of many coins at many slots in few statements, for replaying payout rounds (owed-projector.ts).
// Per coin, its slots of interest (the snapshot and baseline of every round replayed) cut its balance history into
// buckets: bucket j holds the changes after slot j-1 up to slot j. Only the last change of each token account in each
// bucket can be seen at a slot, so the store returns that one per (account, bucket) — about a quarter of the
// changes — and an account's balance at slot j is the one of its last bucket at or before j. Equal to
// balances/queries.ts ownerBalancesAt (the latest change at or before the slot by (slot, log offset); here the
// event id breaks a tie).
//
// Coins are read together up to RAW_ROWS_PER_READ balance changes a statement; a coin with more is read in parts
// of its token accounts (by a hash of the account), each account whole in one part.
import type { Olap } from '../../infra/olap/olap.js';
import { BALANCE_CHANGES_TABLE } from '../balances/table.js';

/** Balance changes one statement reads at most, unless one part of a coin has more (about 50 ms here). */
const RAW_ROWS_PER_READ = 60_000;

export interface BucketCoin {
  mint: string;
  /** Slots of interest, ascending, distinct. */
  slots: readonly number[];
}

/** Each owner's positive balance at each of the coin's slots, by slot. */
export type BalancesAtSlots = Map<number, Map<string, bigint>>;

interface Read {
  coins: BucketCoin[];
  /** Part of the single coin's accounts: [part, parts]. */
  part: [number, number] | null;
}

async function planReads(olap: Olap, coins: readonly BucketCoin[]): Promise<Read[]> {
  const counts = new Map<string, number>();
  for (let i = 0; i < coins.length; i += 500) {
    const chunk = coins.slice(i, i + 500);
    const rows = await olap.query<{ mint: string; rows: string }>(
      `SELECT mint, count() AS rows FROM ${BALANCE_CHANGES_TABLE}
       WHERE mint IN {mints:Array(String)} AND slot <= transform(mint, {mints:Array(String)}, {last:Array(UInt64)}, toUInt64(0))
       GROUP BY mint`,
      { mints: chunk.map((coin) => coin.mint), last: chunk.map((coin) => coin.slots.at(-1)!) },
    );
    for (const row of rows) counts.set(row.mint, Number(row.rows));
  }
  const reads: Read[] = [];
  let group: BucketCoin[] = [];
  let rows = 0;
  for (const coin of coins) {
    const n = counts.get(coin.mint) ?? 0;
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

interface BucketRow {
  mint: string;
  tokenAccount: string;
  bucket: number;
  owner: string;
  post: string;
}

function readBuckets(olap: Olap, read: Read): Promise<BucketRow[]> {
  const part = read.part === null ? '' : 'AND cityHash64(b.tokenAccount) % {parts:UInt64} = {part:UInt64}';
  return olap.query<BucketRow>(
    `SELECT mint, tokenAccount, bucket, toString(tupleElement(last, 1)) AS owner, toString(tupleElement(last, 2)) AS post
     FROM (
       SELECT b.mint AS mint, b.tokenAccount AS tokenAccount, arrayFirstIndex(s -> s >= b.slot, r.slots) AS bucket,
         argMax((b.owner, b.post), (b.slot, b.logOffset, b.id)) AS last
       FROM ${BALANCE_CHANGES_TABLE} AS b FINAL
       INNER JOIN (
         SELECT tupleElement(p, 1) AS mint, arraySlice({slots:Array(UInt64)}, tupleElement(p, 2), tupleElement(p, 3)) AS slots
         FROM (SELECT arrayJoin(arrayZip({mints:Array(String)}, {starts:Array(UInt32)}, {lengths:Array(UInt32)})) AS p)
       ) AS r ON r.mint = b.mint
       WHERE b.mint IN {mints:Array(String)} AND b.slot <= arrayMax(r.slots) ${part}
       GROUP BY mint, tokenAccount, bucket
     )
     ORDER BY mint, tokenAccount, bucket`,
    {
      mints: read.coins.map((coin) => coin.mint),
      // Each coin's slots, one after the other: slots[start, start + length) (1-based).
      slots: read.coins.flatMap((coin) => coin.slots),
      starts: startsOf(read.coins.map((coin) => coin.slots.length)),
      lengths: read.coins.map((coin) => coin.slots.length),
      parts: read.part?.[1] ?? 1,
      part: read.part?.[0] ?? 0,
    },
  );
}

/** Adds one account's balance (rows of its buckets, ascending) to each slot it holds at. */
function addAccount(rows: readonly BucketRow[], from: number, to: number, coin: BucketCoin, balances: Map<string, bigint>[]): void {
  for (let i = from; i < to; i++) {
    const row = rows[i]!;
    const post = BigInt(row.post);
    if (post <= 0n) continue;
    const until = i + 1 < to ? rows[i + 1]!.bucket - 1 : coin.slots.length;
    for (let j = row.bucket - 1; j < until; j++) balances[j]!.set(row.owner, (balances[j]!.get(row.owner) ?? 0n) + post);
  }
}

/** Every owner's balance of each coin at each of its slots; `onCoin` gets each coin once all its rows are read. */
export async function balancesAtSlots(olap: Olap, coins: readonly BucketCoin[], onCoin: (mint: string, balances: BalancesAtSlots) => void): Promise<void> {
  const pending = new Map<string, { coin: BucketCoin; balances: Map<string, bigint>[]; readsLeft: number }>();
  const reads = await planReads(
    olap,
    coins.filter((coin) => coin.slots.length > 0),
  );
  for (const read of reads) {
    for (const coin of read.coins) {
      if (!pending.has(coin.mint)) pending.set(coin.mint, { coin, balances: coin.slots.map(() => new Map()), readsLeft: read.part?.[1] ?? 1 });
    }
    const rows = await readBuckets(olap, read);
    for (let start = 0; start < rows.length; ) {
      const { mint, tokenAccount } = rows[start]!;
      let end = start + 1;
      while (end < rows.length && rows[end]!.tokenAccount === tokenAccount && rows[end]!.mint === mint) end++;
      const state = pending.get(mint)!;
      addAccount(rows, start, end, state.coin, state.balances);
      start = end;
    }
    for (const coin of read.coins) {
      const state = pending.get(coin.mint)!;
      if (--state.readsLeft > 0) continue;
      pending.delete(coin.mint);
      onCoin(coin.mint, new Map(coin.slots.map((slot, j) => [slot, state.balances[j]!])));
    }
  }
  for (const coin of coins) if (coin.slots.length === 0) onCoin(coin.mint, new Map());
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
