// Holder reads of the API, over the holder queries of projections/holders (the one definition of who counts as
// a holder, shared with the health scorer) and the balance history of projections/balances, each kept while the
// tables it reads are unchanged (projections/kept-reads.ts).
import { ownerBalancesAt as readOwnerBalancesAt } from '../../projections/balances/queries.js';
import { BALANCE_CHANGES_TABLE, BALANCES_TABLE } from '../../projections/balances/table.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../../projections/coins/table.js';
import {
  coinHolderPage as readCoinHolderPage,
  coinHoldersView as readCoinHoldersView,
  holderCounts as readHolderCounts,
} from '../../projections/holders/queries.js';
import { REWARD_POT_INCOME_TABLE, REWARD_ROUNDS_TABLE } from '../../projections/rewards/table.js';
import type { Olap } from '../../infra/olap/olap.js';
import { keptAnswer, keptRead } from '../../projections/kept-reads.js';
import { coinIndex } from './coins.js';

export type { HolderBalance } from '../../projections/holders/queries.js';

const list = (values: readonly string[] | undefined) => (values === undefined ? '*' : values.join(','));

/** One coin's holder facts and its next round's baseline slot; null when there is no such coin. */
export const coinHoldersView = keptRead(
  { name: 'holder-views', tables: [COINS_TABLE, COIN_GRADUATIONS_TABLE, REWARD_ROUNDS_TABLE, REWARD_POT_INCOME_TABLE], max: 10_000 },
  (mint: string) => mint,
  readCoinHoldersView,
);

/** One coin's holder count and its `limit` largest holders, `excluded` owners left out. */
export const coinHolderPage = keptRead(
  { name: 'holder-pages', tables: [BALANCES_TABLE], max: 5_000 },
  (mint: string, excluded: readonly string[], limit: number) => `${mint}|${list(excluded)}|${limit}`,
  readCoinHolderPage,
);

/** Every coin's holder count, kept while balances, coins and graduations are unchanged: one read serves every page
 * of the coin list and every search. */
const ALL_HOLDER_COUNTS = { name: 'holder-counts', tables: [BALANCES_TABLE, COINS_TABLE, COIN_GRADUATIONS_TABLE], max: 4 };

function allHolderCounts(olap: Olap, serviceWallets: readonly string[]): Promise<Map<string, number>> {
  return keptAnswer(olap, ALL_HOLDER_COUNTS, list(serviceWallets), async () => readHolderCounts(olap, [...(await coinIndex(olap)).keys()], serviceWallets));
}

/** Holder count per mint; mints without holders are absent. */
export async function holderCounts(olap: Olap, mints: readonly string[], serviceWallets: readonly string[]): Promise<Map<string, number>> {
  const all = await allHolderCounts(olap, serviceWallets);
  return new Map(mints.flatMap((mint) => (all.has(mint) ? [[mint, all.get(mint)!] as const] : [])));
}

/** Every owner's balance of `mint` at the end of `slot` (only `owners` when given). */
export const ownerBalancesAt = keptRead(
  { name: 'balances-at', tables: [BALANCE_CHANGES_TABLE], max: 5_000 },
  (mint: string, slot: number, owners?: readonly string[]) => `${mint}|${slot}|${list(owners)}`,
  readOwnerBalancesAt,
);
