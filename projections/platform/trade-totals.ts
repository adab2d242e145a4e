// The trade figures of the platform stats: all-time trade count and volume in lamports, stablecoin trades valued at
// the SOL price in force at their slot (prices/sol-value.ts; those before any price are left out of the volume).
import type { Olap } from '../../infra/olap/olap.js';
import { lamportsOf, valuingParams, withSolPriceAt, type ValuingMints } from '../prices/sol-value.js';
import { TRADES_TABLE } from '../trades/table.js';

export interface TradeTotals {
  trades: number;
  volumeLamports: bigint;
}

export async function tradeTotals(olap: Olap, valuing: ValuingMints): Promise<TradeTotals> {
  const params = valuingParams(valuing);
  const [all] = await olap.query<{ trades: string; solVolume: string }>(
    `SELECT toString(count()) AS trades, toString(sumIf(toUInt256(quoteAmount), quoteMint = {solMint:String})) AS solVolume FROM ${TRADES_TABLE} FINAL`,
    params,
  );
  const [stable] = await olap.query<{ lamports: string }>(
    `SELECT toString(ifNull(sum(${lamportsOf('s.amount', 's.quoteMint')}), 0)) AS lamports
    ${withSolPriceAt(`SELECT slot, quoteMint, quoteAmount AS amount FROM ${TRADES_TABLE} FINAL WHERE quoteMint = {stablecoinMint:String}`)}`,
    params,
  );
  return { trades: Number(all?.trades ?? 0), volumeLamports: BigInt(all?.solVolume ?? '0') + BigInt(stable?.lamports ?? '0') };
}
