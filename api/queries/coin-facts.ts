// Every coin's facts (coin-sql.ts: the coin, its graduation, its latest market state) for the coin board and the
// token search, kept on the read path: each coin's facts while its rows of the fact tables are unchanged (a trade
// rewrites its coin's market row), coins missed together read in one statement, so the first read reads every coin
// at once and a write reads again only the coins it touched.
import { perCoinRead } from '../../projections/batched-read.js';
import { COIN_GRADUATIONS_TABLE, COINS_TABLE } from '../../projections/coins/table.js';
import { type ReadPath, sameItems } from '../../projections/read-path.js';
import { COIN_MARKETS_TABLE } from '../../projections/trades/table.js';
import { COIN_FACTS_SQL, coinFacts, type CoinFacts, type CoinFactsSql } from './coin-sql.js';

export const FACT_TABLES = [COINS_TABLE, COIN_GRADUATIONS_TABLE, COIN_MARKETS_TABLE];

/** Every coin's mint. */
function coinMints(reads: ReadPath): string[] | Promise<string[]> {
  return reads.answer('coin-mints', { tables: [COINS_TABLE] }, async () =>
    (await reads.olap.query<{ mint: string }>(`SELECT mint FROM ${COINS_TABLE} FINAL ORDER BY mint`)).map((row) => row.mint),
  );
}

/** A coin's facts; null when it is not a coin. */
function factsOf(reads: ReadPath, mint: string): CoinFacts | null | Promise<CoinFacts | null> {
  return perCoinRead(reads, 'coin-facts', FACT_TABLES, async (mints) => {
    const rows = await reads.olap.query<CoinFactsSql>(COIN_FACTS_SQL, { mints });
    return new Map(rows.map((row) => [row.mint, coinFacts(row)]));
  })(mint);
}

/** Every coin's facts, the same array (and each coin's the same object) while unchanged; never to be changed. */
export async function allCoinFacts(reads: ReadPath): Promise<CoinFacts[]> {
  return reads.answer('all-coin-facts', { tables: FACT_TABLES }, async (before: CoinFacts[] | null) => {
    const mints = await coinMints(reads);
    const facts = (await Promise.all(mints.map((mint) => factsOf(reads, mint)))).filter((coin) => coin !== null);
    return before !== null && sameItems(before, facts) ? before : facts;
  });
}
