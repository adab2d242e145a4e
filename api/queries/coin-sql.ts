// SQL shared by the coin queries: the coin row (coins FINAL joined with its graduation, its latest market
// state and its trade figures), the clock the figures are measured from, and the row's TypeScript shape.
// Reads projections/coins and projections/trades, always FINAL (ReplacingMergeTree).
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../../projections/coins/table.js';
import { COIN_MARKETS_TABLE, TRADES_TABLE } from '../../projections/trades/table.js';
import { FIGURES_PENDING_SECONDS } from '../figures.js';

/** A coin row; 64-bit and wider numbers as decimal strings, times as unix seconds. */
export interface CoinRow {
  mint: string;
  route: 'launchpad' | 'pool-venue';
  creator: string;
  mode: 'holder' | 'creator';
  holdersPaid: 'pair' | 'basket';
  quoteMint: string;
  quoteDecimals: number;
  tokenProgram: 'spl' | 'token-2022';
  decimals: number;
  totalSupply: string;
  feeBps: number;
  hooks: string[];
  curve: string | null;
  pool: string | null;
  basketMints: string[];
  basketWeightsBps: number[];
  creatorRecipientWallets: string[];
  creatorRecipientBps: number[];
  name: string;
  symbol: string;
  uri: string;
  curveAllotment: string | null;
  initialReserveCoin: string | null;
  createdAt: string;
  graduatedAt: string | null;
  graduatedPool: string | null;
  /** Reserves after the latest trade, else at launch when recorded; '0' when neither is known. */
  lastQuote: string;
  lastCoin: string;
  /** Reference reserves: after the last trade at or before 24 hours ago, else at launch when recorded, else
   * after the first trade since. */
  refQuote: string;
  refCoin: string;
  volume24h: string;
  marketCap: string | null;
}

export const COIN_COLUMNS = `
  c.mint AS mint, c.route AS route, c.creator AS creator, c.mode AS mode, c.holdersPaid AS holdersPaid,
  c.quoteMint AS quoteMint, c.quoteDecimals AS quoteDecimals, c.tokenProgram AS tokenProgram, c.decimals AS decimals,
  toString(c.totalSupply) AS totalSupply, c.feeBps AS feeBps, c.hooks AS hooks, c.curve AS curve, c.pool AS pool,
  c.basketMints AS basketMints, c.basketWeightsBps AS basketWeightsBps,
  c.creatorRecipientWallets AS creatorRecipientWallets, c.creatorRecipientBps AS creatorRecipientBps,
  c.untrustedName AS name, c.untrustedSymbol AS symbol, c.untrustedUri AS uri,
  if(c.curveAllotment IS NULL, NULL, toString(c.curveAllotment)) AS curveAllotment,
  if(c.initialReserveCoin IS NULL, NULL, toString(c.initialReserveCoin)) AS initialReserveCoin,
  toString(toUnixTimestamp(c.launchTime)) AS createdAt,
  if(g.mint IS NULL, NULL, toString(toUnixTimestamp(g.time))) AS graduatedAt, g.pool AS graduatedPool,
  toString(coalesce(m.reserveQuote, c.initialReserveQuote, 0)) AS lastQuote,
  toString(coalesce(m.reserveCoin, c.initialReserveCoin, 0)) AS lastCoin,
  toString(if(o.mint IS NOT NULL, o.quote, coalesce(c.initialReserveQuote, w.firstQuote, m.reserveQuote, 0))) AS refQuote,
  toString(if(o.mint IS NOT NULL, o.coin, coalesce(c.initialReserveCoin, w.firstCoin, m.reserveCoin, 0))) AS refCoin,
  toString(ifNull(w.volume, 0)) AS volume24h,
  if(market_cap IS NULL, NULL, toString(market_cap)) AS marketCap`;

export function fromCoins(mintFilter: string): string {
  return `
  FROM ${COINS_TABLE} AS c FINAL
  LEFT JOIN (SELECT mint, time, pool FROM ${COIN_GRADUATIONS_TABLE} FINAL WHERE 1 ${mintFilter}) AS g ON g.mint = c.mint
  LEFT JOIN (SELECT mint, reserveQuote, reserveCoin FROM ${COIN_MARKETS_TABLE} FINAL WHERE 1 ${mintFilter}) AS m ON m.mint = c.mint
  LEFT JOIN (
    SELECT mint, sum(quoteAmount) AS volume,
      argMin(reserveQuote, (slot, logOffset, id)) AS firstQuote, argMin(reserveCoin, (slot, logOffset, id)) AS firstCoin
    FROM ${TRADES_TABLE} FINAL
    WHERE time > day_ago AND time <= now_time ${mintFilter}
    GROUP BY mint
  ) AS w ON w.mint = c.mint
  LEFT JOIN (
    SELECT mint, argMax(reserveQuote, (slot, logOffset, id)) AS quote, argMax(reserveCoin, (slot, logOffset, id)) AS coin
    FROM ${TRADES_TABLE} FINAL
    WHERE time <= day_ago ${mintFilter}
    GROUP BY mint
  ) AS o ON o.mint = c.mint`;
}

export const WITH_CLOCK = `
  WITH
    toDateTime64({now:UInt32}, 3, 'UTC') AS now_time,
    now_time - INTERVAL 1 DAY AS day_ago,
    now_time - INTERVAL ${FIGURES_PENDING_SECONDS} SECOND AS pending_after,
    coalesce(m.reserveQuote, c.initialReserveQuote, 0) AS spot_quote,
    coalesce(m.reserveCoin, c.initialReserveCoin, 0) AS spot_coin,
    if(spot_coin = 0, NULL, intDiv(toUInt256(c.totalSupply) * spot_quote, spot_coin)) AS market_cap`;

