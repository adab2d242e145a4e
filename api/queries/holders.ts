// Holder reads of the API (projections/holders/queries.ts), kept on the read path: a coin's holders read while the
// coin's rows of the holder tables are unchanged, and every board coin's holder count, read again only for the
// coins whose rows were written (one statement for all of them). Keys name the service wallets: apps with
// different ones may share a read path.
import { HOLDER_TABLES, coinHolders as readCoinHolders, holderCounts } from '../../projections/holders/queries.js';
import { type ReadPath, serialOf } from '../../projections/read-path.js';
import type { HoldersResponse } from '../../schemas/api/holders.js';
import { walletsKey } from '../../schemas/config.js';
import type { CoinBoard } from './coin-board.js';

/** Holder count by mint; coins without holders are absent. */
export type HolderCounts = ReadonlyMap<string, number>;

/** Counts with each coin's version of the holder tables they were read at. */
interface KeptCounts {
  counts: HolderCounts;
  versions: Map<string, string>;
}

/** The most holders a read lists (the holders route's largest limit). */
const MAX_LISTED = 100;

const topKey = (serviceWallets: readonly string[], mint: string) => `holder-top\n${walletsKey(serviceWallets)}\n${mint}`;

/** A coin's holders read with its MAX_LISTED largest holders; null when it is not a coin. */
function holderTop(reads: ReadPath, mint: string, serviceWallets: readonly string[]): Promise<HoldersResponse | null> {
  const source = { tables: [], variant: reads.version(HOLDER_TABLES, mint) };
  return Promise.resolve(
    reads.answer(topKey(serviceWallets, mint), source, async () => (await readCoinHolders(reads.olap, [mint], MAX_LISTED, serviceWallets)).get(mint) ?? null),
  );
}

/** A coin's holders read with its `limit` largest holders, `serviceWallets` left out; null when it is not a coin.
 * The same object while the coin's rows are unchanged (never to be mutated). */
export function coinHolders(reads: ReadPath, mint: string, limit: number, serviceWallets: readonly string[]): Promise<HoldersResponse | null> {
  const key = `holders\n${walletsKey(serviceWallets)}\n${mint}\n${limit}`;
  const source = { tables: [], variant: reads.version(HOLDER_TABLES, mint) };
  return Promise.resolve(
    reads.answer(key, source, async () => {
      const top = await holderTop(reads, mint, serviceWallets);
      return top === null ? null : { ...top, top: top.top.slice(0, limit) };
    }),
  );
}

/** Reads the holders of every coin in `mints` in one go and keeps each coin's, as `coinHolders` would one by one
 * (about 1 s for the bench store's 1,000 coins, against some 25 ms of statements a coin). */
export async function warmHolders(reads: ReadPath, mints: readonly string[], serviceWallets: readonly string[]): Promise<void> {
  const versions = mints.map((mint) => reads.version(HOLDER_TABLES, mint));
  const answers = await readCoinHolders(reads.olap, mints, MAX_LISTED, serviceWallets);
  await Promise.all(
    mints.map((mint, i) => reads.answer(topKey(serviceWallets, mint), { tables: [], variant: versions[i] }, async () => answers.get(mint) ?? null)),
  );
}

/** Every board coin's holder count, service wallets left out: the same map object while the counts are the same,
 * so answers built with it can be kept. While new counts are being read, concurrent requests get those from before
 * (the read path's previousWhileRefreshing). */
export async function boardHolderCounts(reads: ReadPath, board: CoinBoard, serviceWallets: readonly string[]): Promise<HolderCounts> {
  const key = `board-holder-counts\n${walletsKey(serviceWallets)}`;
  const source = { tables: HOLDER_TABLES, variant: String(serialOf(board)), previousWhileRefreshing: true };
  const kept = await reads.answer(key, source, async (before: KeptCounts | null) => {
    const mints = [...board.rows.keys()];
    const versions = new Map(mints.map((mint) => [mint, reads.version(HOLDER_TABLES, mint)]));
    const stale = before === null ? mints : mints.filter((mint) => before.versions.get(mint) !== versions.get(mint));
    const read = await holderCounts(reads.olap, stale, serviceWallets);
    const counts = new Map<string, number>();
    for (const mint of mints) {
      const count = before !== null && !read.has(mint) && !stale.includes(mint) ? before.counts.get(mint) : read.get(mint);
      if (count !== undefined) counts.set(mint, count);
    }
    return { counts: before !== null && sameCounts(before.counts, counts) ? before.counts : counts, versions };
  });
  return kept.counts;
}

function sameCounts(a: HolderCounts, b: HolderCounts): boolean {
  if (a.size !== b.size) return false;
  for (const [mint, count] of a) if (b.get(mint) !== count) return false;
  return true;
}
