// The trade figures of the platform stats (all-time trade count and volume in lamports), kept per coin as the read
// path's index: read for every coin once, then only the coins whose trades a change touched are read again (a few
// granules each: the trades table is sorted by coin first). Without this a trade write cost a scan of every trade
// (~600 ms of engine time for a million) at the next stats read. Read for every coin again after a price is written
// (stablecoin trades are valued at the SOL price in force at their slot) or after a change of trade rows of no one
// coin; without a change feed, the two statements over every trade answer each time.
import type { Olap } from '../../infra/olap/olap.js';
import type { ReadPath } from '../read-path.js';
import { lamportsOf, valuingParams, withSolPriceAt, type ValuingMints } from '../prices/sol-value.js';
import { PRICES_TABLE } from '../prices/table.js';
import { TRADES_TABLE } from '../trades/table.js';

export interface TradeTotals {
  trades: number;
  volumeLamports: bigint;
}

interface Kept {
  /** The prices' version and the trades' changes of no one coin the totals were read at. */
  base: string;
  /** Each coin's changes of the trades table when its totals were read. */
  inserts: Map<string, number>;
  byCoin: Map<string, TradeTotals>;
}

/** `mints` null: every trade. */
const whereMints = (mints: readonly string[] | null, and: boolean) => (mints === null ? '' : `${and ? 'AND' : 'WHERE'} mint IN {mints:Array(String)}`);

/** Trade totals of each coin among `mints` (every coin with trades when null); coins without trades are absent. */
async function totalsByCoin(olap: Olap, valuing: ValuingMints, mints: readonly string[] | null): Promise<Map<string, TradeTotals>> {
  const params = { ...valuingParams(valuing), mints: [...(mints ?? [])] };
  const counts = await olap.query<{ mint: string; trades: string; solVolume: string }>(
    `SELECT mint, toString(count()) AS trades, toString(sumIf(toUInt256(quoteAmount), quoteMint = {solMint:String})) AS solVolume
    FROM ${TRADES_TABLE} FINAL ${whereMints(mints, false)} GROUP BY mint`,
    params,
  );
  const stable = await olap.query<{ mint: string; lamports: string }>(
    `SELECT s.mint AS mint, toString(ifNull(sum(${lamportsOf('s.amount', 's.quoteMint')}), 0)) AS lamports
    ${withSolPriceAt(`SELECT slot, mint, quoteMint, quoteAmount AS amount FROM ${TRADES_TABLE} FINAL WHERE quoteMint = {stablecoinMint:String} ${whereMints(mints, true)}`)}
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

function sum(totals: Iterable<TradeTotals>): TradeTotals {
  const all = { trades: 0, volumeLamports: 0n };
  for (const coin of totals) {
    all.trades += coin.trades;
    all.volumeLamports += coin.volumeLamports;
  }
  return all;
}

/** Every trade's count and volume in lamports (stablecoin trades valued at the SOL price at their slot; those
 * before any price are left out of the volume). */
export async function tradeTotals(reads: ReadPath, valuing: ValuingMints): Promise<TradeTotals> {
  const { olap } = reads;
  const changes = reads.coinChanges(TRADES_TABLE);
  if (changes === null) return sum((await totalsByCoin(olap, valuing, null)).values());
  const base = `${reads.version([PRICES_TABLE])}|${changes.anyCoin}`;
  const inserts = changes.coins;
  const holder = reads.index<{ state: Kept | null }>('trade-totals', () => ({ state: null }));
  const state = holder.state;
  if (state === null || state.base !== base) {
    const byCoin = await totalsByCoin(olap, valuing, null);
    holder.state = { base, inserts, byCoin };
    return sum(byCoin.values());
  }
  const written = [...inserts].filter(([mint, count]) => state.inserts.get(mint) !== count).map(([mint]) => mint);
  if (written.length > 0) {
    const fresh = await totalsByCoin(olap, valuing, written);
    for (const mint of written) {
      const coin = fresh.get(mint);
      if (coin === undefined) state.byCoin.delete(mint);
      else state.byCoin.set(mint, coin);
      state.inserts.set(mint, inserts.get(mint)!);
    }
  }
  return sum(state.byCoin.values());
}
