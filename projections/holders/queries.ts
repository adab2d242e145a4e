// Holder queries over the balances, coins and rewards projections, for the holders read (with the coins' holder
// counts) and the health scorer. A holder is an owner whose balance, summed over its token accounts (each at its
// latest version), is above zero, leaving out the coin's venues (its curve, its launch pool and its graduated,
// locked pool: their vaults are owned by those addresses) and the service's own wallets (spec 2.6).
import type { Olap } from '../../infra/olap/olap.js';
import type { HoldersResponse } from '../../schemas/api/holders.js';
import { countedBalance } from '../../schemas/rewards/allocation.js';
import { OWNER_BALANCES_AT_SQL } from '../balances/queries.js';
import { BALANCE_CHANGES_TABLE, BALANCES_TABLE } from '../balances/table.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../coins/table.js';
import { REWARD_POT_INCOME_TABLE, REWARD_ROUNDS_TABLE } from '../rewards/table.js';

/** The tables a coin's holder facts are read from. */
export const HOLDER_FACT_TABLES = [COINS_TABLE, COIN_GRADUATIONS_TABLE, REWARD_ROUNDS_TABLE, REWARD_POT_INCOME_TABLE];
/** The tables a coin's holders are read from. */
export const HOLDER_TABLES = [...HOLDER_FACT_TABLES, BALANCES_TABLE, BALANCE_CHANGES_TABLE];

/** What the holder rules need to know of a coin. */
export interface CoinHolderFacts {
  mint: string;
  mode: 'holder' | 'creator';
  creator: string;
  launchSlot: number;
  totalSupply: bigint;
  /** Curve, launch pool and graduated pool: never holders. */
  venues: string[];
  /** The next payout round's baseline slot: the latest round's snapshot slot, else the slot of the coin's first fee
   * claim (its first pot income); null before either and always in creator mode. */
  baselineSlot: number | null;
}

/** The facts of `{mints:Array(String)}`; empty strings stand for absent venues. */
const FACTS_SQL = `
  SELECT c.mint AS mint, c.mode AS mode, c.creator AS creator, c.launchSlot AS launchSlot,
    toString(c.totalSupply) AS totalSupply, [ifNull(c.curve, ''), ifNull(c.pool, ''), ifNull(g.pool, '')] AS venues,
    if(c.mode = 'holder', toString(coalesce(r.snapshot, p.first)), NULL) AS baseline
  FROM ${COINS_TABLE} AS c FINAL
  LEFT JOIN (SELECT mint, any(pool) AS pool FROM ${COIN_GRADUATIONS_TABLE} FINAL WHERE mint IN {mints:Array(String)} GROUP BY mint) AS g ON g.mint = c.mint
  LEFT JOIN (SELECT mint, argMax(snapshotSlot, round) AS snapshot FROM ${REWARD_ROUNDS_TABLE} FINAL WHERE mint IN {mints:Array(String)} GROUP BY mint) AS r ON r.mint = c.mint
  LEFT JOIN (SELECT mint, min(slot) AS first FROM ${REWARD_POT_INCOME_TABLE} FINAL WHERE mint IN {mints:Array(String)} GROUP BY mint) AS p ON p.mint = c.mint
  WHERE c.mint IN {mints:Array(String)}
  SETTINGS join_use_nulls = 1`;

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
    baseline: string | null;
  }>(FACTS_SQL, { mints: [...mints] });
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
        baselineSlot: row.baseline === null ? null : Number(row.baseline),
      },
    ]),
  );
}

/** The parameters of HOLDER_BALANCES_SQL for `coins` and the service's wallets. */
export function holderParams(coins: readonly CoinHolderFacts[], service: readonly string[]) {
  return {
    mints: coins.map((coin) => coin.mint),
    service: [...service],
    venues: coins.flatMap((coin) => coin.venues.map((venue) => `${coin.mint}/${venue}`)),
  };
}

/** Holders of `{mints:Array(String)}` with their balances (columns `mint`, `owner`, `amount` UInt128), the
 * `{service:Array(String)}` wallets and each coin's venues (`{venues:Array(String)}`, as `mint/venue`) left out:
 * see holderParams. */
export const HOLDER_BALANCES_SQL = `
  SELECT mint, owner, sum(balance) AS amount
  FROM ${BALANCES_TABLE} FINAL
  WHERE mint IN {mints:Array(String)} AND owner NOT IN {service:Array(String)} AND NOT has({venues:Array(String)}, concat(mint, '/', owner))
  GROUP BY mint, owner
  HAVING amount > 0`;

/** The `{limit:UInt32}` largest holders of each coin (ties by wallet), with the coin's holder count and each one's
 * balance at the coin's baseline slot (`{atSlots}` by `{atMints}`; 0 without one). */
const TOP_HOLDERS_SQL = `
  SELECT h.mint AS mint, h.owner AS owner, toString(h.amount) AS held, h.holders AS holders, toString(ifNull(b.amount, 0)) AS atBaseline
  FROM (
    SELECT mint, owner, amount, holders FROM (
      SELECT mint, owner, amount, count() OVER (PARTITION BY mint) AS holders,
        row_number() OVER (PARTITION BY mint ORDER BY amount DESC, owner) AS rank
      FROM (${HOLDER_BALANCES_SQL})
    )
    WHERE rank <= {limit:UInt32}
  ) AS h
  LEFT JOIN (${OWNER_BALANCES_AT_SQL}) AS b ON b.mint = h.mint AND b.owner = h.owner
  ORDER BY h.mint, h.amount DESC, h.owner
  SETTINGS join_use_nulls = 1`;

/** The holders read (spec 2.6) of each of `coins`, with its `limit` largest holders, `service` left out: one
 * statement for any number of coins. What the next round counts of a holder is the smaller of its balance now and
 * at the baseline slot (the rule of the payout rounds' allocation). */
export async function coinHolders(
  olap: Olap,
  coins: readonly CoinHolderFacts[],
  limit: number,
  service: readonly string[],
): Promise<Map<string, HoldersResponse>> {
  const answers = new Map(coins.map((coin) => [coin.mint, { holders: 0, baselineSlot: coin.baselineSlot, top: [] } as HoldersResponse]));
  if (coins.length === 0) return answers;
  const supplies = new Map(coins.map((coin) => [coin.mint, coin.totalSupply]));
  const withBaseline = coins.filter((coin) => coin.baselineSlot !== null);
  const rows = await olap.query<{ mint: string; owner: string; held: string; holders: string | number; atBaseline: string }>(TOP_HOLDERS_SQL, {
    ...holderParams(coins, service),
    limit,
    atMints: withBaseline.map((coin) => coin.mint),
    atSlots: withBaseline.map((coin) => coin.baselineSlot!),
  });
  for (const row of rows) {
    const answer = answers.get(row.mint)!;
    const amount = BigInt(row.held);
    const totalSupply = supplies.get(row.mint)!;
    answer.holders = Number(row.holders);
    answer.top.push({
      wallet: row.owner,
      amount: row.held,
      shareBps: totalSupply === 0n ? 0 : Number((amount * 10_000n) / totalSupply),
      countsNextRound: answer.baselineSlot === null ? null : countedBalance(amount, BigInt(row.atBaseline)).toString(),
    });
  }
  return answers;
}
