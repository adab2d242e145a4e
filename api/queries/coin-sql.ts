// The coin row the coin reads answer from (the coin itself, its graduation, its latest market state and its
// 24-hour trade figures), and the SQL of the part that does not depend on the clock: coins from
// projections/coins joined with its graduation and its latest market state (projections/trades), FINAL.
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../../projections/coins/table.js';
import { COIN_MARKETS_TABLE } from '../../projections/trades/table.js';

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

/** A coin as its launch, graduation and latest trade left it: everything of its row but the 24-hour figures. */
export interface CoinFacts extends Omit<CoinRow, 'lastQuote' | 'lastCoin' | 'refQuote' | 'refCoin' | 'volume24h' | 'marketCap'> {
  /** Launch time in epoch milliseconds, and the launch slot: the coin list's order. */
  launchMs: number;
  launchSlot: number;
  initialReserveQuote: string | null;
  /** Reserves after the coin's latest trade; null before its first. */
  marketQuote: string | null;
  marketCoin: string | null;
}

export type CoinFactsSql = Omit<CoinFacts, 'launchMs' | 'launchSlot'> & { launchMs: string; launchSlot: string };

/** The facts (CoinFacts, with launchMs and launchSlot as decimal strings) of each coin in `{mints:Array(String)}`. */
export const COIN_FACTS_SQL = `
  SELECT
    c.mint AS mint, c.route AS route, c.creator AS creator, c.mode AS mode, c.holdersPaid AS holdersPaid,
    c.quoteMint AS quoteMint, c.quoteDecimals AS quoteDecimals, c.tokenProgram AS tokenProgram, c.decimals AS decimals,
    toString(c.totalSupply) AS totalSupply, c.feeBps AS feeBps, c.hooks AS hooks, c.curve AS curve, c.pool AS pool,
    c.basketMints AS basketMints, c.basketWeightsBps AS basketWeightsBps,
    c.creatorRecipientWallets AS creatorRecipientWallets, c.creatorRecipientBps AS creatorRecipientBps,
    c.untrustedName AS name, c.untrustedSymbol AS symbol, c.untrustedUri AS uri,
    if(c.curveAllotment IS NULL, NULL, toString(c.curveAllotment)) AS curveAllotment,
    if(c.initialReserveCoin IS NULL, NULL, toString(c.initialReserveCoin)) AS initialReserveCoin,
    if(c.initialReserveQuote IS NULL, NULL, toString(c.initialReserveQuote)) AS initialReserveQuote,
    toString(toUnixTimestamp(c.launchTime)) AS createdAt,
    toString(toUnixTimestamp64Milli(c.launchTime)) AS launchMs, toString(c.launchSlot) AS launchSlot,
    if(g.mint IS NULL, NULL, toString(toUnixTimestamp(g.time))) AS graduatedAt, g.pool AS graduatedPool,
    if(m.mint IS NULL, NULL, toString(m.reserveQuote)) AS marketQuote,
    if(m.mint IS NULL, NULL, toString(m.reserveCoin)) AS marketCoin
  FROM ${COINS_TABLE} AS c FINAL
  LEFT JOIN (SELECT mint, time, pool FROM ${COIN_GRADUATIONS_TABLE} FINAL WHERE mint IN {mints:Array(String)}) AS g ON g.mint = c.mint
  LEFT JOIN (SELECT mint, reserveQuote, reserveCoin FROM ${COIN_MARKETS_TABLE} FINAL WHERE mint IN {mints:Array(String)}) AS m ON m.mint = c.mint
  WHERE c.mint IN {mints:Array(String)}
  SETTINGS join_use_nulls = 1`;

export function coinFacts(row: CoinFactsSql): CoinFacts {
  return { ...row, launchMs: Number(row.launchMs), launchSlot: Number(row.launchSlot) };
}
