// Holder counts of every coin on the coin board, for the coin list, one coin and the token search: asked of
// holderCounts (api/queries/holders.ts, which keeps them while its tables are unchanged) when the board or the
// holder tables change, and at most once a second in any case. While the counts are the same, the same map object
// is answered, so answers built with it can be kept. While new counts are being asked, concurrent requests get the
// counts from before (the read path's previousWhileRefreshing).
import { BALANCE_CHANGES_TABLE, BALANCES_TABLE } from '../../projections/balances/table.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../../projections/coins/table.js';
import { type ReadPath, serialOf } from '../../projections/read-path.js';
import { REWARD_POT_INCOME_TABLE, REWARD_ROUNDS_TABLE } from '../../projections/rewards/table.js';
import { walletsKey } from '../../schemas/config.js';
import type { CoinBoard } from './coin-board.js';
import { holderCounts } from './holders.js';

/** Holder count by mint; coins without holders are absent. */
export type HolderCounts = ReadonlyMap<string, number>;

/** The tables holder reads come from (balances; venues from coins and graduations; baselines from rounds). */
const HOLDER_TABLES = [BALANCES_TABLE, BALANCE_CHANGES_TABLE, COINS_TABLE, COIN_GRADUATIONS_TABLE, REWARD_ROUNDS_TABLE, REWARD_POT_INCOME_TABLE];

function sameCounts(a: HolderCounts, b: HolderCounts): boolean {
  if (a.size !== b.size) return false;
  for (const [mint, count] of a) if (b.get(mint) !== count) return false;
  return true;
}

/** Every board coin's holder count, service wallets left out. */
export async function boardHolderCounts(reads: ReadPath, board: CoinBoard, serviceWallets: readonly string[]): Promise<HolderCounts> {
  const key = `board-holder-counts\n${walletsKey(serviceWallets)}`;
  const source = { tables: HOLDER_TABLES, variant: `${serialOf(board)}|${Math.floor(Date.now() / 1000)}`, previousWhileRefreshing: true };
  return reads.answer(key, source, async (before: HolderCounts | null) => {
    const fresh: HolderCounts = await holderCounts(reads, [...board.rows.keys()], serviceWallets);
    return before !== null && sameCounts(before, fresh) ? before : fresh;
  });
}
