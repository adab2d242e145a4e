// Holder reads over the balances, coins and rewards read models: a coin's holder facts (for the holders read and the
// health scorer) and its holders' balances (for the health scorer; the coin board counts its own). A holder is an
// owner whose balance, summed over its token accounts (each at its latest version), is above zero, leaving out the
// coin's venues (its curve, launch pool and graduated, locked pool: their vaults' owners) and the service's wallets (spec 2.6).
import type { Olap } from '../../infra/olap/olap.js';
import { BALANCES_TABLE } from '../balances/table.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../coins/table.js';
import { REWARD_POT_INCOME_TABLE, REWARD_ROUNDS_TABLE } from '../rewards/table.js';

/** What the holder rules need to know of each coin in `mints` that exists: its creator, launch slot and supply, its
 * `venues` (curve, launch pool and graduated pool: never holders) and `baselineSlot`, the next payout round's baseline:
 * the latest round's snapshot slot, else the slot of the coin's first fee claim (its first pot income); null before
 * either and always in creator mode. */
export async function coinHolderFacts(olap: Olap, mints: readonly string[]) {
  const rows = await olap.query<{ mint: string; creator: string; venues: string[]; launchSlot: string; totalSupply: string; baseline: string | null }>(
    `SELECT c.mint AS mint, c.creator AS creator, c.launchSlot AS launchSlot,
       toString(c.totalSupply) AS totalSupply, arrayFilter(v -> v != '', [ifNull(c.curve, ''), ifNull(c.pool, ''), ifNull(g.pool, '')]) AS venues,
       if(c.mode = 'holder', toString(coalesce(r.snapshot, p.first)), NULL) AS baseline
     FROM ${COINS_TABLE} AS c FINAL
     LEFT JOIN (SELECT mint, any(pool) AS pool FROM ${COIN_GRADUATIONS_TABLE} FINAL WHERE mint IN {mints:Array(String)} GROUP BY mint) AS g ON g.mint = c.mint
     LEFT JOIN (SELECT mint, argMax(snapshotSlot, round) AS snapshot FROM ${REWARD_ROUNDS_TABLE} FINAL WHERE mint IN {mints:Array(String)} GROUP BY mint) AS r ON r.mint = c.mint
     LEFT JOIN (SELECT mint, min(slot) AS first FROM ${REWARD_POT_INCOME_TABLE} FINAL WHERE mint IN {mints:Array(String)} GROUP BY mint) AS p ON p.mint = c.mint
     WHERE c.mint IN {mints:Array(String)}
     SETTINGS join_use_nulls = 1`,
    { mints: [...mints] },
  );
  return rows.map(({ launchSlot, totalSupply, baseline, ...row }) => ({
    ...row,
    launchSlot: Number(launchSlot),
    totalSupply: BigInt(totalSupply),
    baselineSlot: baseline === null ? null : Number(baseline),
  }));
}

/** The holders of each of `coins` with their balances: the `service` wallets and each coin's venues left out. */
export async function holderBalances(olap: Olap, coins: readonly { mint: string; venues: string[] }[], service: readonly string[]) {
  const rows = await olap.query<{ mint: string; owner: string; amount: string }>(
    `SELECT mint, owner, toString(sum(balance)) AS amount
     FROM ${BALANCES_TABLE} FINAL
     WHERE mint IN {mints:Array(String)} AND owner NOT IN {service:Array(String)} AND NOT has({venues:Array(String)}, concat(mint, '/', owner))
     GROUP BY mint, owner
     HAVING sum(balance) > 0`,
    { mints: coins.map((coin) => coin.mint), service: [...service], venues: coins.flatMap((coin) => coin.venues.map((venue) => `${coin.mint}/${venue}`)) },
  );
  return rows.map((row) => ({ ...row, amount: BigInt(row.amount) }));
}
