// The `rewards` read model's rows as the rewards reads use them: a coin's reward facts (its mode, quote and venues)
// and what each holder is owed after a coin's latest round, with their reads; a coin's rounds with the SQL that
// selects them (coin-rewards.ts); and the shapes of a coin's pot totals and each round's payouts. Amounts come back
// as decimal strings.
import type { Olap } from '../../infra/olap/olap.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../coins/table.js';

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

const COIN_SELECT = `
  SELECT c.mint AS mint, c.creator AS creator, c.mode AS mode, c.holdersPaid AS holdersPaid, c.quoteMint AS quoteMint,
    c.quoteDecimals AS quoteDecimals, c.basketMints AS basketMints, [c.curve, c.pool, g.pool] AS venues,
    c.untrustedName AS name, c.untrustedSymbol AS symbol, toString(toUnixTimestamp(c.launchTime)) AS createdAt
  FROM ${COINS_TABLE} AS c FINAL
  LEFT JOIN (SELECT mint, pool FROM ${COIN_GRADUATIONS_TABLE} FINAL) AS g ON g.mint = c.mint`;

function rewardCoin(row: RewardCoinRow): RewardCoin {
  return {
    ...row,
    quoteDecimals: Number(row.quoteDecimals),
    createdAt: Number(row.createdAt),
    venues: row.venues.filter((venue): venue is string => venue !== null && venue !== ''),
  };
}

/** The reward facts of the coins in `mints` (every coin without it). */
export async function readRewardCoins(olap: Olap, mints?: readonly string[]): Promise<RewardCoin[]> {
  const where = mints === undefined ? '' : 'WHERE c.mint IN {mints:Array(String)}';
  const rows = await olap.query<RewardCoinRow>(`${COIN_SELECT} ${where} SETTINGS join_use_nulls = 1`, { mints: [...(mints ?? [])] });
  return rows.map(rewardCoin);
}

export interface PotTotals {
  /** Quote raw units the holders' share of fee claims brought in. */
  takenIn: bigint;
  /** Quote raw units payout rounds took out. */
  spent: bigint;
  rounds: number;
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
