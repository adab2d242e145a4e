// The rewards reads (spec 2.5, 2.9, 2.10): a coin's rewards as the coin rewards and creators reads use them
// (CoinRewards; any number of coins in the same statements), and a wallet's, each a range of a table keyed by wallet:
// its payouts newest first (wallet_payouts), and what it is owed on each coin after the coin's latest round, in the
// coin's quote token (wallet_owed, written by owed-projector.ts). FINAL: one row per payout event and per (wallet, coin).
import type { Olap } from '../../infra/olap/olap.js';
import type { CoinRow } from '../coins/projector.js';
import { COINS_TABLE } from '../coins/table.js';
import { readCreatorTotals, type CreatorTotals } from '../creators/queries.js';
import { CREATOR_EARNINGS_TABLE, CREATOR_SENDS_TABLE } from '../creators/table.js';
import { PRICES_TABLE } from '../prices/table.js';
import type { rewardRoundsTable, StoredRow } from './table.js';
import { REWARD_PAYOUTS_TABLE, REWARD_POT_INCOME_TABLE, REWARD_ROUNDS_TABLE, WALLET_OWED_TABLE, WALLET_PAYOUTS_TABLE } from './table.js';

export type RewardCoin = Pick<CoinRow, 'mint' | 'mode' | 'quoteMint' | 'quoteDecimals'> & {
  name: string;
  symbol: string;
  /** Launch time, unix seconds. */
  createdAt: number;
};

/** The reward facts of the coins in `mints`. */
export function readRewardCoins(olap: Olap, mints: readonly string[]): Promise<RewardCoin[]> {
  return olap.query<RewardCoin>(
    `SELECT mint, mode, quoteMint, quoteDecimals, untrustedName AS name, untrustedSymbol AS symbol, toUnixTimestamp(launchTime) AS createdAt
     FROM ${COINS_TABLE} FINAL WHERE mint IN {mints:Array(String)}`,
    { mints: [...mints] },
  );
}

/** The wallet's latest `limit` payouts (of `coin` only, when named), newest first: time, slot, log offset, event id;
 * `time` in unix seconds. */
export function walletPayouts(olap: Olap, wallet: string, coin: string | null, limit: number) {
  return olap.query<{ coin: string; round: number; token: string; amount: string; signature: string; time: number }>(
    `SELECT mint AS coin, round, token, toString(amount) AS amount, signature, toUnixTimestamp(time) AS time
     FROM ${WALLET_PAYOUTS_TABLE} FINAL WHERE wallet = {wallet:String} AND ({coin:String} = '' OR mint = {coin:String})
     ORDER BY time DESC, slot DESC, logOffset DESC, eventId DESC LIMIT {limit:UInt32}`,
    { wallet, coin: coin ?? '', limit },
  );
}

/** What the wallet is owed after each coin's latest round (of `coin` only, when named), by coin, at most `limit`.
 * The filter names the column with its table: unqualified, `amount` would be the text alias. */
export function walletOwed(olap: Olap, wallet: string, coin: string | null, limit: number) {
  return olap.query<{ coin: string; token: string; amount: string; round: number }>(
    `SELECT mint AS coin, quoteMint AS token, toString(amount) AS amount, round
     FROM ${WALLET_OWED_TABLE} FINAL
     WHERE wallet = {wallet:String} AND ${WALLET_OWED_TABLE}.amount > 0 AND ({coin:String} = '' OR mint = {coin:String})
     ORDER BY mint LIMIT {limit:UInt32}`,
    { wallet, coin: coin ?? '', limit },
  );
}

export const COIN_REWARD_TABLES = [
  COINS_TABLE,
  REWARD_ROUNDS_TABLE,
  REWARD_PAYOUTS_TABLE,
  REWARD_POT_INCOME_TABLE,
  CREATOR_EARNINGS_TABLE,
  CREATOR_SENDS_TABLE,
];

/** A round as read with its SOL price, amounts as decimal strings: `time` is the block time of its transaction, unix
 * seconds; `solMicroUsd` the SOL price in force at that time (the greatest (time, slot) at or before it), null when
 * none. */
function roundOf(row: StoredRow<typeof rewardRoundsTable> & { seconds: number; solMicroUsd: string | null }) {
  return {
    ...row,
    time: row.seconds,
    slot: Number(row.slot),
    snapshotSlot: Number(row.snapshotSlot),
    baselineSlot: row.baselineSlot === null ? null : Number(row.baselineSlot),
    paidIn: row.paidIn as 'pair' | 'basket',
    tokens: row.tokenMints.map((mint, i) => ({ mint, bought: row.tokenBought[i] ?? '0', cost: row.tokenCost[i] ?? '0' })),
    solMicroUsd: row.solMicroUsd === null ? null : BigInt(row.solMicroUsd),
  };
}

export type RoundRow = ReturnType<typeof roundOf>;

export interface CoinRewards {
  coin: RewardCoin;
  /** Newest first: round and slot descending, event id ascending. */
  rounds: RoundRow[];
  /** Quote raw units the holders' share of fee claims brought in (`takenIn`) and payout rounds took out (`spent`). */
  pot: { takenIn: bigint; spent: bigint };
  /** What each round's payouts sent, by round: raw units per token, distinct wallets paid, the payout transactions in
   * chain order and the block time of the last (unix seconds). */
  payouts: Map<number, { paid: Map<string, bigint>; wallets: number; signatures: string[]; lastAt: number }>;
  /** Raw units of each token sent over all rounds. */
  paidByToken: Map<string, bigint>;
  creator: CreatorTotals;
}

/** Seconds and slot packed in one UInt64 (slot in the low 32 bits), so ASOF JOIN finds the price with the greatest
 * (time, slot) at or before a round's block time (its slot packed as the largest). */
const packed = (time: string, slot: string) => `toUInt64(toUnixTimestamp(${time})) * 4294967296 + ${slot}`;

const ROUNDS_SQL = `
  SELECT r.*, toString(p.microUsd) AS solMicroUsd
  FROM (
    SELECT *, toUnixTimestamp(time) AS seconds, 'SOL' AS asset, ${packed('time', '4294967295')} AS at
    FROM ${REWARD_ROUNDS_TABLE} FINAL WHERE mint IN {mints:Array(String)}
  ) AS r
  ASOF LEFT JOIN (
    SELECT asset AS priceAsset, ${packed('time', 'slot')} AS priceAt, microUsd FROM ${PRICES_TABLE} FINAL WHERE asset = 'SOL'
  ) AS p ON r.asset = p.priceAsset AND r.at >= p.priceAt
  ORDER BY mint, round DESC, slot DESC, eventId
  SETTINGS join_use_nulls = 1`;

/** The rewards of each coin of `mints` that exists. */
export async function readCoinRewards(olap: Olap, mints: string[]): Promise<Map<string, CoinRewards>> {
  const facts = await readRewardCoins(olap, mints);
  const creators = await readCreatorTotals(olap, mints);
  const out = new Map<string, CoinRewards>();
  for (const coin of facts) {
    out.set(coin.mint, { coin, rounds: [], pot: { takenIn: 0n, spent: 0n }, payouts: new Map(), paidByToken: new Map(), creator: creators.get(coin.mint)! });
  }
  const found = { mints: [...out.keys()] };
  for (const row of await olap.query<Parameters<typeof roundOf>[0]>(ROUNDS_SQL, found)) {
    const { rounds, pot } = out.get(row.mint)!;
    rounds.push(roundOf(row));
    pot.spent += BigInt(row.potSpent);
  }
  const income = await olap.query<{ mint: string; total: string }>(
    `SELECT mint, toString(sum(amount)) AS total FROM ${REWARD_POT_INCOME_TABLE} FINAL WHERE mint IN {mints:Array(String)} GROUP BY mint`,
    found,
  );
  for (const row of income) out.get(row.mint)!.pot.takenIn = BigInt(row.total);
  // Each coin's payouts per round and token, one row per (coin, round, event id): each event taken once.
  const payouts = await olap.query<{ mint: string; round: number; wallets: string; signatures: string[]; lastAt: number; paid: [string[], string[]] }>(
    `SELECT mint, round, toString(uniqExact(wallet)) AS wallets,
       arrayDistinct(arrayMap(x -> x.3, arraySort(groupArray((slot, logOffset, signature))))) AS signatures,
       max(toUnixTimestamp(time)) AS lastAt, sumMap([token], [amount]) AS paid
     FROM (SELECT * FROM ${REWARD_PAYOUTS_TABLE} WHERE mint IN {mints:Array(String)} LIMIT 1 BY mint, round, eventId)
     GROUP BY mint, round ORDER BY mint, round`,
    found,
  );
  for (const row of payouts) {
    const coin = out.get(row.mint)!;
    const [tokens, amounts] = row.paid;
    const paid = new Map(tokens.map((token, i) => [token, BigInt(amounts[i]!)]));
    coin.payouts.set(row.round, { paid, wallets: Number(row.wallets), signatures: row.signatures, lastAt: row.lastAt });
    for (const [token, amount] of paid) coin.paidByToken.set(token, (coin.paidByToken.get(token) ?? 0n) + amount);
  }
  return out;
}

/** The mints `creator` launched, newest first (launch time descending, then mint). */
export async function coinsOfCreator(olap: Olap, creator: string): Promise<string[]> {
  const sql = `SELECT mint FROM ${COINS_TABLE} FINAL WHERE creator = {creator:String} ORDER BY launchTime DESC, mint`;
  return (await olap.query<{ mint: string }>(sql, { creator })).map((row) => row.mint);
}
