// Bulk reads that load the resident holder model (holder-book.ts): many coins per statement. Balances at a slot follow
// the rule of projections/balances/queries.ts (ownerBalancesAt), which the payout rounds' allocation also reads.
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

/** The holder view of each coin in `mints` (every coin when undefined) that exists. The next round's baseline: the
 * rewards keeper counts each holder at the smaller of its balance at a round's snapshot slot and at its baseline
 * slot; the first round's baseline is the slot of the coin's first fee claim (its first pot income), every later
 * round's the snapshot slot of the round before. */
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
 * keeps them). */
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

/** A mark of the balance change rows of each coin at or before its slot (`{idSlots}` by `{idMints}`), as stored
 * (without FINAL: about 5 ms for 100,000 rows here): their count and a sum of their positions' hashes. A change
 * written at or before the slot adds a position; a merge that drops a replayed copy lowers the count; so balances
 * at the slot read under the same mark are still what they were. Live writes are of later slots. */
const IDS_AT_SLOT_SQL = `
  SELECT 2 AS at, mint, '' AS owner, concat(toString(count()), ':', toString(sum(cityHash64(tokenAccount, slot, logOffset)))) AS held
  FROM ${BALANCE_CHANGES_TABLE}
  WHERE mint IN {idMints:Array(String)} AND slot <= transform(mint, {idMints:Array(String)}, {idSlots:Array(UInt64)}, toUInt64(0))
  GROUP BY mint`;

export interface BalanceSets {
  /** Owners' balances now of each coin asked for, largest first, ties by wallet (coins without any: empty). */
  now: Map<string, Holding[]>;
  /** Owners' balances at the slot asked for, per coin (coins without any: empty). */
  atSlot: Map<string, Map<string, bigint>>;
  /** A mark of the balance change rows at or before the slot asked for, per coin (IDS_AT_SLOT_SQL). */
  idsAt: Map<string, string>;
}

const byAmountThenWallet = (a: Holding, b: Holding) =>
  a.amount !== b.amount ? (a.amount > b.amount ? -1 : 1) : a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0;

/** Balances now of the coins in `now`, at a slot of the coins in `atSlot` and the mark of the changes at or before
 * a slot of the coins in `idsAt`, in one statement. */
export async function balanceSets(
  olap: Olap,
  now: readonly string[],
  atSlot: ReadonlyMap<string, number>,
  idsAt: ReadonlyMap<string, number> = new Map(),
): Promise<BalanceSets> {
  const sets: BalanceSets = {
    now: new Map(now.map((mint) => [mint, []])),
    atSlot: new Map([...atSlot.keys()].map((mint) => [mint, new Map()])),
    idsAt: new Map([...idsAt.keys()].map((mint) => [mint, '0:0'])),
  };
  const parts = [...(now.length > 0 ? [NOW_SQL] : []), ...(atSlot.size > 0 ? [AT_SLOT_SQL] : []), ...(idsAt.size > 0 ? [IDS_AT_SLOT_SQL] : [])];
  if (parts.length === 0) return sets;
  const rows = await olap.query<{ at: number; mint: string; owner: string; held: string }>(parts.join('\nUNION ALL\n'), {
    now: [...now],
    baseMints: [...atSlot.keys()],
    baseSlots: [...atSlot.values()],
    idMints: [...idsAt.keys()],
    idSlots: [...idsAt.values()],
  });
  for (const row of rows) {
    const at = Number(row.at);
    if (at === 0) sets.now.get(row.mint)?.push({ wallet: row.owner, amount: BigInt(row.held) });
    else if (at === 1) sets.atSlot.get(row.mint)?.set(row.owner, BigInt(row.held));
    else if (sets.idsAt.has(row.mint)) sets.idsAt.set(row.mint, row.held);
  }
  for (const list of sets.now.values()) list.sort(byAmountThenWallet);
  return sets;
}

/** Rows per coin of the balances and their history (without FINAL: a size to split bulk reads by). */
export async function balanceRowCounts(olap: Olap): Promise<Map<string, { balances: number; changes: number }>> {
  const rows = await olap.query<{ mint: string; balances: string; changes: string }>(
    `SELECT mint, toString(sum(b)) AS balances, toString(sum(c)) AS changes FROM (
       SELECT mint, count() AS b, 0 AS c FROM ${BALANCES_TABLE} GROUP BY mint
       UNION ALL
       SELECT mint, 0 AS b, count() AS c FROM ${BALANCE_CHANGES_TABLE} GROUP BY mint
     ) GROUP BY mint`,
  );
  return new Map(rows.map((row) => [row.mint, { balances: Number(row.balances), changes: Number(row.changes) }]));
}
