// Holder reads of the API (projections/holders/queries.ts), kept on the read path: each coin's holders read while
// the coin's rows of the holder tables are unchanged, and every board coin's holder count made of them. Keys name
// the service wallets: apps with different ones may share a read path.
import { perCoinRead } from '../../projections/batched-read.js';
import { type CoinHolderFacts, coinHolderFacts, HOLDER_FACT_TABLES, HOLDER_TABLES, coinHolders as readCoinHolders } from '../../projections/holders/queries.js';
import { type ReadPath, serialOf } from '../../projections/read-path.js';
import { type HoldersResponse, MAX_HOLDERS_LISTED } from '../../schemas/api/holders.js';
import { walletsKey } from '../../schemas/config.js';
import type { CoinBoard } from './coin-board.js';

/** Holder count by mint; coins without holders are absent. */
export type HolderCounts = ReadonlyMap<string, number>;

/** A coin's holder facts (supply, venues, baseline slot); null when it is not a coin. Coins missed together are read
 * in one statement. */
function holderFacts(reads: ReadPath, mint: string): CoinHolderFacts | null | Promise<CoinHolderFacts | null> {
  return perCoinRead(reads, 'holder-facts', HOLDER_FACT_TABLES, (mints) => coinHolderFacts(reads.olap, mints))(mint);
}

/** A coin's holders read with its MAX_HOLDERS_LISTED largest holders; null when it is not a coin; the value itself
 * while kept. Coins missed together are read in one statement (about 0.7 s for the bench store's 1,000 coins, some
 * 30 ms for one): a write of balances reads the coin's balances again, its facts only when they were written. */
function holderTop(reads: ReadPath, wallets: Wallets, mint: string): HoldersResponse | null | Promise<HoldersResponse | null> {
  return perCoinRead(reads, `holder-top\n${wallets.key}`, HOLDER_TABLES, async (mints) => {
    const facts = await Promise.all(mints.map((one) => holderFacts(reads, one)));
    return readCoinHolders(
      reads.olap,
      facts.filter((coin) => coin !== null),
      MAX_HOLDERS_LISTED,
      wallets.list,
    );
  })(mint);
}

/** The service's wallets, with the key that names them. */
interface Wallets {
  list: readonly string[];
  key: string;
}

const walletsOf = (list: readonly string[]): Wallets => ({ list, key: walletsKey(list) });

/** A coin's holders read with its `limit` largest holders, `serviceWallets` left out; null when it is not a coin.
 * The same object while the coin's rows are unchanged (never to be mutated). */
export async function coinHolders(reads: ReadPath, mint: string, limit: number, serviceWallets: readonly string[]): Promise<HoldersResponse | null> {
  const wallets = walletsOf(serviceWallets);
  const source = { tables: [], variant: reads.version(HOLDER_TABLES, mint) };
  return reads.answer(`holders\n${wallets.key}\n${mint}\n${limit}`, source, async () => {
    const top = await holderTop(reads, wallets, mint);
    return top === null ? null : { ...top, top: top.top.slice(0, limit) };
  });
}

/** Counts with what they were read at: the holder tables' version and the coins counted. */
interface KeptCounts {
  counts: HolderCounts;
  version: string;
  mints: ReadonlySet<string>;
}

/** Every board coin's holder count, service wallets left out, from each coin's holders read: the same map object
 * while the counts are the same, so answers built with it can be kept. A new board of the same coins with the holder
 * tables unchanged looks at no coin. While new counts are being read, concurrent requests get those from before (the
 * read path's previousWhileRefreshing). */
export async function boardHolderCounts(reads: ReadPath, board: CoinBoard, serviceWallets: readonly string[]): Promise<HolderCounts> {
  const wallets = walletsOf(serviceWallets);
  const source = { tables: HOLDER_TABLES, variant: String(serialOf(board)), previousWhileRefreshing: true };
  const kept = await reads.answer(`board-holder-counts\n${wallets.key}`, source, async (before: KeptCounts | null) => {
    const version = reads.version(HOLDER_TABLES);
    const mints = [...board.rows.keys()];
    if (before?.version === version && mints.length === before.mints.size && mints.every((mint) => before.mints.has(mint))) return before;
    const tops = await Promise.all(mints.map((mint) => holderTop(reads, wallets, mint)));
    const counts = new Map<string, number>();
    mints.forEach((mint, i) => {
      const holders = tops[i]?.holders ?? 0;
      if (holders > 0) counts.set(mint, holders);
    });
    return { counts: before !== null && sameCounts(before.counts, counts) ? before.counts : counts, version, mints: new Set(mints) };
  });
  return kept.counts;
}

function sameCounts(a: HolderCounts, b: HolderCounts): boolean {
  if (a.size !== b.size) return false;
  for (const [mint, count] of a) if (b.get(mint) !== count) return false;
  return true;
}
