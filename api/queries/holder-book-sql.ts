// Bulk reads of the resident holder model (holder-book.ts): many coins per statement, each statement the batch
// form of a per-coin reference in projections/holders/queries.ts (coinHoldersView, coinHolderPage) and
// projections/balances/queries.ts (ownerBalancesAt), so the model holds exactly what those answer.
import type { Olap } from '../../infra/olap/olap.js';
import { BALANCE_CHANGES_TABLE, BALANCES_TABLE } from '../../projections/balances/table.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../../projections/coins/table.js';
import { REWARD_POT_INCOME_TABLE, REWARD_ROUNDS_TABLE } from '../../projections/rewards/table.js';

/** What the holders read needs of a coin. */
export interface HolderView {
  mode: 'holder' | 'creator';
  totalSupply: bigint;
  /** Curve, launch pool and graduated pool: never holders. */
  venues: string[];
  /** The next payout round's baseline slot: the latest round's snapshot slot, else the first fee claim's slot;
   * null before either and always in creator mode. */
  baselineSlot: number | null;
}

/** An owner's balance over its token accounts. */
export interface Holding {
  wallet: string;
  amount: bigint;
}

const inMints = (column: string, mints: readonly string[] | undefined) => (mints === undefined ? '1' : `${column} IN {mints:Array(String)}`);

/** The holder view of each coin in `mints` (every coin when undefined) that exists: the batch form of
 * coinHoldersView (its baseline rule is NEXT_BASELINE_SQL, one row per coin instead of scalar subqueries). */
export async function holderViews(olap: Olap, mints?: readonly string[]): Promise<Map<string, HolderView>> {
  if (mints !== undefined && mints.length === 0) return new Map();
  const rows = await olap.query<{ mint: string; mode: 'holder' | 'creator'; totalSupply: string; venues: string[]; baseline: string | null }>(
    `SELECT c.mint AS mint, c.mode AS mode, toString(c.totalSupply) AS totalSupply,
       [ifNull(c.curve, ''), ifNull(c.pool, ''), ifNull(g.pool, '')] AS venues,
       if(c.mode = 'holder', toString(coalesce(r.snapshot, p.first)), NULL) AS baseline
     FROM ${COINS_TABLE} AS c FINAL
     LEFT JOIN (SELECT mint, any(pool) AS pool FROM ${COIN_GRADUATIONS_TABLE} FINAL WHERE ${inMints('mint', mints)} GROUP BY mint) AS g ON g.mint = c.mint
     LEFT JOIN (SELECT mint, argMax(snapshotSlot, round) AS snapshot FROM ${REWARD_ROUNDS_TABLE} FINAL WHERE ${inMints('mint', mints)} GROUP BY mint) AS r ON r.mint = c.mint
     LEFT JOIN (SELECT mint, min(slot) AS first FROM ${REWARD_POT_INCOME_TABLE} FINAL WHERE ${inMints('mint', mints)} GROUP BY mint) AS p ON p.mint = c.mint
     WHERE ${inMints('c.mint', mints)}
     SETTINGS join_use_nulls = 1`,
    mints === undefined ? {} : { mints: [...mints] },
  );
  return new Map(
    rows.map((row) => [
      row.mint,
      {
        mode: row.mode,
        totalSupply: BigInt(row.totalSupply),
        venues: row.venues.filter((venue) => venue !== ''),
        baselineSlot: row.baseline === null ? null : Number(row.baseline),
      },
    ]),
  );
}

/** Positive balances per owner now (sum over its token accounts at their latest version, as BALANCES FINAL
 * keeps them), largest first, ties by wallet: the rows coinHolderPage ranks before leaving owners out. */
const NOW_SQL = `
  SELECT 0 AS at, mint, owner, toString(total) AS held
  FROM (SELECT mint, owner, sum(balance) AS total FROM ${BALANCES_TABLE} FINAL WHERE mint IN {now:Array(String)} GROUP BY mint, owner)
  WHERE total > 0`;

/** Positive balances per owner at the end of each coin's baseline slot (`{baseSlots}` by `{baseMints}`): the
 * batch form of OWNER_BALANCES_AT_SQL (each account's latest change at or before the slot gives its owner and
 * balance then). */
const AT_SLOT_SQL = `
  SELECT 1 AS at, mint, owner, toString(sum(post)) AS held
  FROM (
    SELECT mint, tokenAccount, argMax(owner, (slot, logOffset)) AS owner, argMax(post, (slot, logOffset)) AS post
    FROM ${BALANCE_CHANGES_TABLE} FINAL
    WHERE mint IN {baseMints:Array(String)} AND slot <= transform(mint, {baseMints:Array(String)}, {baseSlots:Array(UInt64)}, toUInt64(0))
    GROUP BY mint, tokenAccount
  )
  WHERE post > 0
  GROUP BY mint, owner`;

export interface BalanceSets {
  /** Owners' balances now of each coin asked for, largest first, ties by wallet (coins without any: empty). */
  now: Map<string, Holding[]>;
  /** Owners' balances at the slot asked for, per coin (coins without any: empty). */
  atSlot: Map<string, Map<string, bigint>>;
}

const byAmountThenWallet = (a: Holding, b: Holding) => (a.amount !== b.amount ? (a.amount > b.amount ? -1 : 1) : a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0);

/** Balances now of the coins in `now` and at a slot of the coins in `atSlot`, in one statement. */
export async function balanceSets(olap: Olap, now: readonly string[], atSlot: ReadonlyMap<string, number>): Promise<BalanceSets> {
  const sets: BalanceSets = { now: new Map(now.map((mint) => [mint, []])), atSlot: new Map([...atSlot.keys()].map((mint) => [mint, new Map()])) };
  const parts = [...(now.length > 0 ? [NOW_SQL] : []), ...(atSlot.size > 0 ? [AT_SLOT_SQL] : [])];
  if (parts.length === 0) return sets;
  const rows = await olap.query<{ at: number; mint: string; owner: string; held: string }>(parts.join('\nUNION ALL\n'), {
    now: [...now],
    baseMints: [...atSlot.keys()],
    baseSlots: [...atSlot.values()],
  });
  for (const row of rows) {
    if (Number(row.at) === 0) sets.now.get(row.mint)?.push({ wallet: row.owner, amount: BigInt(row.held) });
    else sets.atSlot.get(row.mint)?.set(row.owner, BigInt(row.held));
  }
  for (const list of sets.now.values()) list.sort(byAmountThenWallet);
  return sets;
}
