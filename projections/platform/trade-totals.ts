// The trade figures of the platform stats (all-time trade count and volume in lamports), kept on the read path per
// coin: each coin's totals while its trade rows and the prices are unchanged, coins missed together read in one
// statement (a few granules each: the trades table is sorted by coin first), so a trade write reads again only the
// coins it touched instead of scanning every trade (~600 ms of engine time for a million). A price written reads
// every coin again: stablecoin trades are valued at the SOL price in force at their slot.
import type { Olap } from '../../infra/olap/olap.js';
import { perCoinRead } from '../batched-read.js';
import { lamportsOf, valuingParams, withSolPriceAt, type ValuingMints } from '../prices/sol-value.js';
import { PRICES_TABLE } from '../prices/table.js';
import type { ReadPath } from '../read-path.js';
import { COIN_MARKETS_TABLE, TRADES_TABLE } from '../trades/table.js';

export interface TradeTotals {
  trades: number;
  volumeLamports: bigint;
}

/** Trade totals of each coin among `mints`; coins without trades are absent. */
async function totalsByCoin(olap: Olap, valuing: ValuingMints, mints: readonly string[]): Promise<Map<string, TradeTotals>> {
  const params = { ...valuingParams(valuing), mints: [...mints] };
  const counts = await olap.query<{ mint: string; trades: string; solVolume: string }>(
    `SELECT mint, toString(count()) AS trades, toString(sumIf(toUInt256(quoteAmount), quoteMint = {solMint:String})) AS solVolume
    FROM ${TRADES_TABLE} FINAL WHERE mint IN {mints:Array(String)} GROUP BY mint`,
    params,
  );
  const stable = await olap.query<{ mint: string; lamports: string }>(
    `SELECT s.mint AS mint, toString(ifNull(sum(${lamportsOf('s.amount', 's.quoteMint')}), 0)) AS lamports
    ${withSolPriceAt(`SELECT slot, mint, quoteMint, quoteAmount AS amount FROM ${TRADES_TABLE} FINAL WHERE quoteMint = {stablecoinMint:String} AND mint IN {mints:Array(String)}`)}
    GROUP BY s.mint`,
    params,
  );
  const byCoin = new Map(counts.map((row) => [row.mint, { trades: Number(row.trades), volumeLamports: BigInt(row.solVolume) }]));
  for (const row of stable) {
    const coin = byCoin.get(row.mint);
    if (coin !== undefined) coin.volumeLamports += BigInt(row.lamports);
  }
  return byCoin;
}

/** Every coin with trades: the trades projector writes each one's latest market state with its trades. */
function tradedMints(reads: ReadPath): string[] | Promise<string[]> {
  return reads.answer('traded-mints', { tables: [COIN_MARKETS_TABLE] }, async () =>
    (await reads.olap.query<{ mint: string }>(`SELECT DISTINCT mint FROM ${COIN_MARKETS_TABLE}`)).map((row) => row.mint),
  );
}

/** Every trade's count and volume in lamports (stablecoin trades valued at the SOL price at their slot; those
 * before any price are left out of the volume). */
export async function tradeTotals(reads: ReadPath, valuing: ValuingMints): Promise<TradeTotals> {
  const key = `${valuing.solMint}\n${valuing.stablecoinMint}\n${valuing.stablecoinDecimals}`;
  // Prices are rows of no one coin: a price written moves every coin's version.
  const coinTotals = perCoinRead(reads, `trade-totals\n${key}`, [TRADES_TABLE, PRICES_TABLE], (mints) => totalsByCoin(reads.olap, valuing, mints));
  return reads.answer(`trade-totals\n${key}`, { tables: [TRADES_TABLE, PRICES_TABLE, COIN_MARKETS_TABLE] }, async () => {
    const all = { trades: 0, volumeLamports: 0n };
    for (const coin of await Promise.all((await tradedMints(reads)).map(coinTotals))) {
      if (coin === null) continue;
      all.trades += coin.trades;
      all.volumeLamports += coin.volumeLamports;
    }
    return all;
  });
}
