// Holder counts of every coin on the coin board, for the coin list, one coin and the token search: asked of
// holderCounts (api/queries/holders.ts, which keeps them while its tables are unchanged) when the board or the
// holder tables change, and at most once a second in any case. While the counts are the same, the same map object
// is answered, so answers built with it can be kept. While new counts are being asked, concurrent requests get the
// counts from before (refreshed-value.ts).
import type { Olap } from '../../infra/olap/olap.js';
import { BALANCE_CHANGES_TABLE, BALANCES_TABLE } from '../../projections/balances/table.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../../projections/coins/table.js';
import { tablesVersion } from '../../projections/kept-reads.js';
import { REWARD_POT_INCOME_TABLE, REWARD_ROUNDS_TABLE } from '../../projections/rewards/table.js';
import type { CoinBoard } from './coin-board.js';
import { holderCounts } from './holders.js';
import { RefreshedValue } from './refreshed-value.js';

/** Holder count by mint; coins without holders are absent. */
export type HolderCounts = ReadonlyMap<string, number>;

/** The tables holder reads come from (balances; venues from coins and graduations; baselines from rounds). */
const HOLDER_TABLES = [BALANCES_TABLE, BALANCE_CHANGES_TABLE, COINS_TABLE, COIN_GRADUATIONS_TABLE, REWARD_ROUNDS_TABLE, REWARD_POT_INCOME_TABLE];

const counts = new WeakMap<Olap, Map<string, RefreshedValue<HolderCounts>>>();

const serials = new WeakMap<HolderCounts, number>();
let lastSerial = 0;

/** A number naming `counts` (the same while it is the same object), for answers to keep without holding it. */
export function countsSerial(counts: HolderCounts): number {
  let serial = serials.get(counts);
  if (serial === undefined) serials.set(counts, (serial = ++lastSerial));
  return serial;
}

function sameCounts(a: HolderCounts, b: HolderCounts): boolean {
  if (a.size !== b.size) return false;
  for (const [mint, count] of a) if (b.get(mint) !== count) return false;
  return true;
}

/** Every board coin's holder count, service wallets left out. */
export function boardHolderCounts(olap: Olap, board: CoinBoard, serviceWallets: readonly string[]): HolderCounts | Promise<HolderCounts> {
  let byWallets = counts.get(olap);
  if (byWallets === undefined) counts.set(olap, (byWallets = new Map()));
  const walletsKey = serviceWallets.join(',');
  let value = byWallets.get(walletsKey);
  if (value === undefined) byWallets.set(walletsKey, (value = new RefreshedValue()));
  const own = value;
  const ask = (version: string) =>
    own.get(`${board.serial}|${version}|${Math.floor(Date.now() / 1000)}`, async () => {
      const fresh: HolderCounts = await holderCounts(olap, [...board.rows.keys()], serviceWallets);
      const before = own.latest();
      return before !== null && sameCounts(before, fresh) ? before : fresh;
    });
  const version = tablesVersion(olap, HOLDER_TABLES);
  return typeof version === 'string' ? ask(version) : version.then(ask);
}
