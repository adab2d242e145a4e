// Holder queries over the balances and coins projections, shared by the API (holder counts, the holders read)
// and the health scorer. A holder is an owner whose balance, summed over its token accounts (each at its
// latest version), is above zero, leaving out the coin's venues (its curve, its launch pool and its graduated,
// locked pool: their vaults are owned by those addresses) and the service's own wallets (spec 2.6).
import type { Olap } from '../../infra/olap/olap.js';
import { BALANCES_TABLE } from '../balances/table.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../coins/table.js';
import { REWARD_POT_INCOME_TABLE, REWARD_ROUNDS_TABLE } from '../rewards/table.js';

/** What the holder rules need to know of a coin. */
export interface CoinHolderFacts {
  mint: string;
  mode: 'holder' | 'creator';
  creator: string;
  launchSlot: number;
  totalSupply: bigint;
  /** Curve, launch pool and graduated pool: never holders. */
  venues: string[];
}

/** Venues of `{mints:Array(String)}` (columns `mint`, `venues`); empty strings stand for absent ones. */
const VENUES_SQL = `
  SELECT c.mint AS mint, c.mode AS mode, c.creator AS creator, c.launchSlot AS launchSlot, c.totalSupply AS totalSupply,
    [ifNull(c.curve, ''), ifNull(c.pool, ''), ifNull(g.pool, '')] AS venues
  FROM ${COINS_TABLE} AS c FINAL
  LEFT JOIN (SELECT mint, pool FROM ${COIN_GRADUATIONS_TABLE} FINAL WHERE mint IN {mints:Array(String)}) AS g ON g.mint = c.mint
  WHERE c.mint IN {mints:Array(String)}
  SETTINGS join_use_nulls = 1`;

/** Holders of `{mints:Array(String)}` with their balances (columns `mint`, `owner`, `amount` UInt128), the
 * venues and `{service:Array(String)}` left out. */
export const HOLDER_BALANCES_SQL = `
  SELECT b.mint AS mint, b.owner AS owner, b.amount AS amount
  FROM (
    SELECT mint, owner, sum(balance) AS amount
    FROM ${BALANCES_TABLE} FINAL
    WHERE mint IN {mints:Array(String)}
    GROUP BY mint, owner
  ) AS b
  INNER JOIN (${VENUES_SQL}) AS v ON v.mint = b.mint
  WHERE b.amount > 0 AND NOT has(v.venues, b.owner) AND b.owner NOT IN {service:Array(String)}`;

/** The holder facts of each coin in `mints` that exists. */
export async function coinHolderFacts(olap: Olap, mints: readonly string[]): Promise<Map<string, CoinHolderFacts>> {
  if (mints.length === 0) return new Map();
  const rows = await olap.query<{
    mint: string;
    mode: 'holder' | 'creator';
    creator: string;
    launchSlot: string | number;
    totalSupply: string;
    venues: string[];
  }>(VENUES_SQL, { mints: [...mints] });
  return new Map(
    rows.map((row) => [
      row.mint,
      {
        mint: row.mint,
        mode: row.mode,
        creator: row.creator,
        launchSlot: Number(row.launchSlot),
        totalSupply: BigInt(row.totalSupply),
        venues: row.venues.filter((venue) => venue !== ''),
      },
    ]),
  );
}

/** Holder count per mint; mints without holders are absent. */
export async function holderCounts(olap: Olap, mints: readonly string[], serviceWallets: readonly string[]): Promise<Map<string, number>> {
  if (mints.length === 0) return new Map();
  const rows = await olap.query<{ mint: string; holders: number }>(`SELECT mint, toUInt32(count()) AS holders FROM (${HOLDER_BALANCES_SQL}) GROUP BY mint`, {
    mints: [...mints],
    service: [...serviceWallets],
  });
  return new Map(rows.map((row) => [row.mint, Number(row.holders)]));
}

/** The next payout round's baseline slot of the coin in `{mint:String}` as a nullable UInt64 expression. The rewards
 * keeper counts each holder at the smaller of its balance at a round's snapshot slot and at its baseline slot; the
 * first round's baseline is the slot of the coin's first fee claim, every later round's the snapshot slot of the
 * round before. So: the latest round's snapshot slot, else the first claim's slot (from the rewards read model:
 * its rounds, and the holders' share of each claim), else null. */
const NEXT_BASELINE_SQL = `coalesce(
  (SELECT argMax(snapshotSlot, round) FROM ${REWARD_ROUNDS_TABLE} FINAL WHERE mint = {mint:String} HAVING count() > 0),
  (SELECT min(slot) FROM ${REWARD_POT_INCOME_TABLE} FINAL WHERE mint = {mint:String} HAVING count() > 0)
)`;

/** One coin's holder facts and its next round's baseline slot (null in creator mode), in one query; null when
 * there is no such coin. */
export async function coinHoldersView(olap: Olap, mint: string): Promise<(CoinHolderFacts & { baselineSlot: number | null }) | null> {
  const rows = await olap.query<{
    mode: 'holder' | 'creator';
    creator: string;
    launchSlot: string;
    totalSupply: string;
    venues: string[];
    baseline: string | null;
  }>(
    `SELECT mode, creator, toString(launchSlot) AS launchSlot, toString(totalSupply) AS totalSupply,
       [ifNull(curve, ''), ifNull(pool, ''), ifNull((SELECT any(pool) FROM ${COIN_GRADUATIONS_TABLE} FINAL WHERE mint = {mint:String}), '')] AS venues,
       if(mode = 'holder', toString(${NEXT_BASELINE_SQL}), NULL) AS baseline
     FROM ${COINS_TABLE} FINAL WHERE mint = {mint:String} LIMIT 1`,
    { mint },
  );
  const row = rows[0];
  if (row === undefined) return null;
  return {
    mint,
    mode: row.mode,
    creator: row.creator,
    launchSlot: Number(row.launchSlot),
    totalSupply: BigInt(row.totalSupply),
    venues: row.venues.filter((venue) => venue !== ''),
    baselineSlot: row.baseline === null ? null : Number(row.baseline),
  };
}

export interface HolderBalance {
  wallet: string;
  amount: bigint;
}

/** One coin's holder count and its `limit` largest holders (largest first, ties by wallet), `excluded` owners
 * (its venues and the service's wallets) left out, in one query. */
export async function coinHolderPage(olap: Olap, mint: string, excluded: readonly string[], limit: number): Promise<{ holders: number; top: HolderBalance[] }> {
  const rows = await olap.query<{ owner: string; balance: string; holders: string | number }>(
    `SELECT owner, toString(amount) AS balance, count() OVER () AS holders
     FROM (SELECT owner, sum(balance) AS amount FROM ${BALANCES_TABLE} FINAL WHERE mint = {mint:String} GROUP BY owner)
     WHERE amount > 0 AND owner NOT IN {excluded:Array(String)}
     ORDER BY amount DESC, owner ASC
     LIMIT {limit:UInt32}`,
    { mint, excluded: [...excluded], limit },
  );
  return { holders: Number(rows[0]?.holders ?? 0), top: rows.map((row) => ({ wallet: row.owner, amount: BigInt(row.balance) })) };
}
