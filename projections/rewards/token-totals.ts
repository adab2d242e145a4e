// Per-token totals of a coin's payout rounds (spec 2.5 `paidByToken`): raw units sent to holders, raw quote units
// they cost, that cost in US cents at the quote token's price when each round bought, the rounds left out of that
// figure for lack of a price, and the latest round's buy (the token's latest price in quote units).
//
// The quote token's price at a round is the SOL price in force at the round's block time (the last price.updated
// at or before it, as projections/prices priceAt reads it) for SOL, one dollar for the stablecoin, and none for
// any other quote token.
import type { Olap } from '../../infra/olap/olap.js';
import { PRICES_TABLE } from '../prices/table.js';
import { REWARD_PAYOUTS_TABLE, REWARD_ROUNDS_TABLE } from './table.js';
import { cachedRead } from '../read-path.js';

/** How the coin's quote token is priced in US dollars. */
export type QuotePricing = { kind: 'sol' } | { kind: 'fixed'; microUsd: bigint } | { kind: 'none' };

export interface TokenTotals {
  token: string;
  /** Raw units of the token sent to holders. */
  paid: bigint;
  /** Raw quote units the rounds spent on it. */
  cost: bigint;
  /** Sum over priced rounds of cost x the quote's micro-USD per whole unit (divide by 10^decimals x 10^4 for cents). */
  costMicroUsd: bigint;
  /** Rounds that bought the token without a quote price in force. */
  unpricedRounds: number;
  /** The latest round's buy of the token: raw units bought and raw quote units paid. */
  last: { bought: bigint; cost: bigint };
}

/** Seconds and slot packed in one UInt64 (slot in the low 32 bits), so ASOF JOIN can find the price with the
 * greatest (time, slot) at or before a round's block time. */
const PACKED = (time: string, slot: string) => `toUInt64(toUnixTimestamp(${time})) * 4294967296 + ${slot}`;

/** Time of the SOL price in force at the coin's first round: prices before it never apply to its rounds, so
 * only prices from it to the last round are read (the epoch when there is none). */
const PRICE_BEFORE_FIRST_ROUND = `SELECT max(time) FROM ${PRICES_TABLE} WHERE asset = 'SOL'
  AND time <= (SELECT min(time) FROM ${REWARD_ROUNDS_TABLE} WHERE mint = {mint:String})`;

function roundsWithPrice(pricing: QuotePricing): string {
  const rounds = `SELECT round, slot, token, cost, bought, 'SOL' AS asset, ${PACKED('time', '4294967295')} AS at
    FROM ${REWARD_ROUNDS_TABLE} FINAL ARRAY JOIN tokenMints AS token, tokenCost AS cost, tokenBought AS bought
    WHERE mint = {mint:String}`;
  if (pricing.kind !== 'sol') return `SELECT round, slot, token, cost, bought, {fixed:Nullable(UInt64)} AS microUsd FROM (${rounds})`;
  return `SELECT r.round AS round, r.slot AS slot, r.token AS token, r.cost AS cost, r.bought AS bought, p.microUsd AS microUsd
    FROM (${rounds}) AS r
    ASOF LEFT JOIN (
      SELECT asset, ${PACKED('time', 'slot')} AS at, microUsd FROM ${PRICES_TABLE} FINAL
      WHERE asset = 'SOL' AND time >= (${PRICE_BEFORE_FIRST_ROUND}) AND time <= (SELECT max(time) FROM ${REWARD_ROUNDS_TABLE} WHERE mint = {mint:String})
    ) AS p
    ON r.asset = p.asset AND r.at >= p.at`;
}

/** Totals per token the coin's rounds bought, in the order of first purchase. */
export const tokenTotals = cachedRead(
  'tokenTotals',
  [REWARD_ROUNDS_TABLE, REWARD_PAYOUTS_TABLE, PRICES_TABLE],
  (mint: string, pricing: QuotePricing) => `${mint}|${pricing.kind}|${pricing.kind === 'fixed' ? pricing.microUsd : ''}`,
  readTokenTotals,
);

async function readTokenTotals(olap: Olap, mint: string, pricing: QuotePricing): Promise<TokenTotals[]> {
  const sql = `
    SELECT c.token AS token, toString(ifNull(p.paid, 0)) AS paid, toString(c.totalCost) AS cost, toString(c.pricedCost) AS costMicroUsd,
      toString(c.unpriced) AS unpriced, toString(c.lastBought) AS lastBought, toString(c.lastCost) AS lastCost
    FROM (
      SELECT token, sum(cost) AS totalCost, sum(if(microUsd IS NULL, toUInt256(0), toUInt256(cost) * microUsd)) AS pricedCost,
        uniqExactIf(round, microUsd IS NULL) AS unpriced, argMax(bought, (round, slot)) AS lastBought, argMax(cost, (round, slot)) AS lastCost,
        min((round, slot)) AS first
      FROM (${roundsWithPrice(pricing)})
      GROUP BY token
    ) AS c
    LEFT JOIN (SELECT token, sum(amount) AS paid FROM ${REWARD_PAYOUTS_TABLE} FINAL WHERE mint = {mint:String} GROUP BY token) AS p
    ON p.token = c.token
    ORDER BY c.first, c.token
    SETTINGS join_use_nulls = 1`;
  const rows = await olap.query<{ token: string; paid: string; cost: string; costMicroUsd: string; unpriced: string; lastBought: string; lastCost: string }>(
    sql,
    { mint, fixed: pricing.kind === 'fixed' ? pricing.microUsd.toString() : null },
  );
  return rows.map((row) => ({
    token: row.token,
    paid: BigInt(row.paid),
    cost: BigInt(row.cost),
    costMicroUsd: BigInt(row.costMicroUsd),
    unpricedRounds: Number(row.unpriced),
    last: { bought: BigInt(row.lastBought), cost: BigInt(row.lastCost) },
  }));
}
