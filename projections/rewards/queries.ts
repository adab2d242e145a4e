// Read queries of the `rewards` read model, shared by the API and the MCP tools: a coin's reward facts (the
// coin's mode, quote and venues), its pot, its rounds newest first with what each paid, per-token totals priced
// in US dollars, a wallet's payouts and the coins it may be owed on. Amounts come back as decimal strings.
import type { Olap } from '../../infra/olap/olap.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../coins/table.js';
import { REWARD_PAYOUTS_TABLE, REWARD_POT_INCOME_TABLE, REWARD_ROUNDS_TABLE } from './table.js';
import { cachedRead } from '../read-path.js';

/** What the reward reads need to know of a coin. */
export interface RewardCoin {
  mint: string;
  creator: string;
  mode: 'holder' | 'creator';
  holdersPaid: 'pair' | 'basket';
  quoteMint: string;
  quoteDecimals: number;
  basketMints: string[];
  /** The coin's curve, launch pool and graduated pool (whichever exist): never counted as holders. */
  venues: string[];
  name: string;
  symbol: string;
  /** Launch time, unix seconds. */
  createdAt: number;
}

export interface RewardCoinRow extends Omit<RewardCoin, 'quoteDecimals' | 'createdAt' | 'venues'> {
  quoteDecimals: number | string;
  createdAt: string;
  venues: (string | null)[];
}

/** The reward facts of coins, with `extraColumns` (", expr AS name") after them. */
export const coinSelect = (extraColumns = '') => `
  SELECT c.mint AS mint, c.creator AS creator, c.mode AS mode, c.holdersPaid AS holdersPaid, c.quoteMint AS quoteMint,
    c.quoteDecimals AS quoteDecimals, c.basketMints AS basketMints, [c.curve, c.pool, g.pool] AS venues,
    c.untrustedName AS name, c.untrustedSymbol AS symbol, toString(toUnixTimestamp(c.launchTime)) AS createdAt${extraColumns}
  FROM ${COINS_TABLE} AS c FINAL
  LEFT JOIN (SELECT mint, pool FROM ${COIN_GRADUATIONS_TABLE} FINAL) AS g ON g.mint = c.mint`;
const COIN_SELECT = coinSelect();

export function rewardCoin(row: RewardCoinRow): RewardCoin {
  return {
    ...row,
    quoteDecimals: Number(row.quoteDecimals),
    createdAt: Number(row.createdAt),
    venues: row.venues.filter((venue): venue is string => venue !== null && venue !== ''),
  };
}

/** The coins with these mints (unknown mints are absent). */
export const rewardCoins = cachedRead('rewardCoins', [COINS_TABLE, COIN_GRADUATIONS_TABLE], (mints: readonly string[]) => mints.join(','), readRewardCoins);

async function readRewardCoins(olap: Olap, mints: readonly string[]): Promise<Map<string, RewardCoin>> {
  if (mints.length === 0) return new Map();
  const rows = await olap.query<RewardCoinRow>(`${COIN_SELECT} WHERE c.mint IN {mints:Array(String)} SETTINGS join_use_nulls = 1`, { mints: [...mints] });
  return new Map(rows.map((row) => [row.mint, rewardCoin(row)]));
}

/** The coins `creator` launched, newest first. */
export const coinsLaunchedBy = cachedRead('coinsLaunchedBy', [COINS_TABLE, COIN_GRADUATIONS_TABLE], (creator: string) => creator, readCoinsLaunchedBy);

async function readCoinsLaunchedBy(olap: Olap, creator: string): Promise<RewardCoin[]> {
  const rows = await olap.query<RewardCoinRow>(
    `${COIN_SELECT} WHERE c.creator = {creator:String} ORDER BY c.launchTime DESC, c.mint SETTINGS join_use_nulls = 1`,
    { creator },
  );
  return rows.map(rewardCoin);
}

export interface PotTotals {
  /** Quote raw units the holders' share of fee claims brought in. */
  takenIn: bigint;
  /** Quote raw units payout rounds took out. */
  spent: bigint;
  rounds: number;
}

/** Pot totals of each coin in `mints`; coins without claims or rounds read zero. */
export const potTotals = cachedRead('potTotals', [REWARD_POT_INCOME_TABLE, REWARD_ROUNDS_TABLE], (mints: readonly string[]) => mints.join(','), readPotTotals);

async function readPotTotals(olap: Olap, mints: readonly string[]): Promise<Map<string, PotTotals>> {
  const out = new Map<string, PotTotals>(mints.map((mint) => [mint, { takenIn: 0n, spent: 0n, rounds: 0 }]));
  if (mints.length === 0) return out;
  const [income, spent] = await Promise.all([
    olap.query<{ mint: string; total: string }>(
      `SELECT mint, sum(amount) AS total FROM ${REWARD_POT_INCOME_TABLE} FINAL WHERE mint IN {mints:Array(String)} GROUP BY mint`,
      { mints: [...mints] },
    ),
    olap.query<{ mint: string; total: string; rounds: string }>(
      `SELECT mint, sum(potSpent) AS total, count() AS rounds FROM ${REWARD_ROUNDS_TABLE} FINAL
       WHERE mint IN {mints:Array(String)} GROUP BY mint`,
      { mints: [...mints] },
    ),
  ]);
  for (const row of income) out.get(row.mint)!.takenIn = BigInt(row.total);
  for (const row of spent) {
    const totals = out.get(row.mint)!;
    totals.spent = BigInt(row.total);
    totals.rounds = Number(row.rounds);
  }
  return out;
}

export interface RoundRow {
  round: number;
  eventId: string;
  signature: string;
  /** Block time of the round's transaction, unix seconds. */
  time: number;
  slot: number;
  logOffset: bigint;
  snapshotSlot: number;
  baselineSlot: number | null;
  holdersCounted: number;
  potSpent: bigint;
  paidIn: 'pair' | 'basket';
  tokens: { mint: string; bought: bigint; cost: bigint }[];
}

export interface RawRound {
  round: number;
  eventId: string;
  signature: string;
  seconds: number;
  slot: string;
  logOffset: string;
  snapshotSlot: string;
  baselineSlot: string | null;
  holdersCounted: number;
  potSpent: string;
  paidIn: 'pair' | 'basket';
  tokenMints: string[];
  tokenBought: string[];
  tokenCost: string[];
}

/** 64-bit and wider integers come back as decimal strings, arrays of them too. */
export const ROUND_COLUMNS = `round, eventId, signature, toUnixTimestamp(time) AS seconds, slot, logOffset, snapshotSlot, baselineSlot,
  holdersCounted, potSpent, paidIn, tokenMints, tokenBought, tokenCost`;

export function roundRow(raw: RawRound): RoundRow {
  return {
    round: Number(raw.round),
    eventId: raw.eventId,
    signature: raw.signature,
    time: Number(raw.seconds),
    slot: Number(raw.slot),
    logOffset: BigInt(raw.logOffset),
    snapshotSlot: Number(raw.snapshotSlot),
    baselineSlot: raw.baselineSlot === null ? null : Number(raw.baselineSlot),
    holdersCounted: Number(raw.holdersCounted),
    potSpent: BigInt(raw.potSpent),
    paidIn: raw.paidIn,
    tokens: raw.tokenMints.map((mint, i) => ({ mint, bought: BigInt(raw.tokenBought[i] ?? '0'), cost: BigInt(raw.tokenCost[i] ?? '0') })),
  };
}

/** The coin's latest `limit` rounds, newest first. */
export const latestRounds = cachedRead('latestRounds', [REWARD_ROUNDS_TABLE], (mint: string, limit: number) => `${mint}|${limit}`, readLatestRounds);

async function readLatestRounds(olap: Olap, mint: string, limit: number): Promise<RoundRow[]> {
  const rows = await olap.query<RawRound>(
    `SELECT ${ROUND_COLUMNS} FROM ${REWARD_ROUNDS_TABLE} FINAL WHERE mint = {mint:String}
     ORDER BY round DESC, slot DESC, eventId LIMIT {limit:UInt32}`,
    { mint, limit },
  );
  return rows.map(roundRow);
}

/** The coin's rounds numbered above `afterRound`, oldest first. */
export const roundsAfter = cachedRead('roundsAfter', [REWARD_ROUNDS_TABLE], (mint: string, afterRound: number) => `${mint}|${afterRound}`, readRoundsAfter);

async function readRoundsAfter(olap: Olap, mint: string, afterRound: number): Promise<RoundRow[]> {
  const rows = await olap.query<RawRound>(
    `SELECT ${ROUND_COLUMNS} FROM ${REWARD_ROUNDS_TABLE} FINAL WHERE mint = {mint:String} AND round > {after:UInt32}
     ORDER BY round, slot, eventId`,
    { mint, after: afterRound },
  );
  return rows.map(roundRow);
}

/** Each coin's highest round number; coins without rounds are absent. */
export const lastRoundNumbers = cachedRead('lastRoundNumbers', [REWARD_ROUNDS_TABLE], (mints: readonly string[]) => mints.join(','), readLastRoundNumbers);

async function readLastRoundNumbers(olap: Olap, mints: readonly string[]): Promise<Map<string, number>> {
  if (mints.length === 0) return new Map();
  const rows = await olap.query<{ mint: string; round: number }>(
    `SELECT mint, max(round) AS round FROM ${REWARD_ROUNDS_TABLE} FINAL WHERE mint IN {mints:Array(String)} GROUP BY mint`,
    { mints: [...mints] },
  );
  return new Map(rows.map((row) => [row.mint, Number(row.round)]));
}

export interface RoundPayouts {
  /** Raw units sent per token. */
  paid: Map<string, bigint>;
  /** Distinct wallets paid. */
  wallets: number;
  /** Payout transactions, in chain order. */
  signatures: string[];
  /** Block time of the last payout, unix seconds; null before any. */
  lastAt: number | null;
}

/** What each of the coin's `rounds` paid out. */
export const payoutsOfRounds = cachedRead(
  'payoutsOfRounds',
  [REWARD_PAYOUTS_TABLE],
  (mint: string, rounds: readonly number[]) => `${mint}|${rounds.join(',')}`,
  readPayoutsOfRounds,
);

async function readPayoutsOfRounds(olap: Olap, mint: string, rounds: readonly number[]): Promise<Map<number, RoundPayouts>> {
  const out = new Map<number, RoundPayouts>();
  if (rounds.length === 0) return out;
  const params = { mint, rounds: [...rounds] };
  const where = `FROM ${REWARD_PAYOUTS_TABLE} FINAL WHERE mint = {mint:String} AND round IN {rounds:Array(UInt32)}`;
  const [perToken, perRound] = await Promise.all([
    olap.query<{ round: number; token: string; paid: string }>(
      `SELECT round, token, toString(sum(amount)) AS paid ${where} GROUP BY round, token ORDER BY round, token`,
      params,
    ),
    olap.query<{ round: number; wallets: string; signatures: string[]; lastAt: string }>(
      `SELECT round, toString(uniqExact(wallet)) AS wallets,
         arrayDistinct(arrayMap(x -> x.3, arraySort(groupArray((slot, logOffset, signature))))) AS signatures,
         toString(max(toUnixTimestamp(time))) AS lastAt
       ${where} GROUP BY round`,
      params,
    ),
  ]);
  for (const row of perRound) {
    out.set(Number(row.round), { paid: new Map(), wallets: Number(row.wallets), signatures: row.signatures, lastAt: Number(row.lastAt) });
  }
  for (const row of perToken) out.get(Number(row.round))?.paid.set(row.token, BigInt(row.paid));
  return out;
}
