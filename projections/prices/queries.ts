// Prices in US dollars for the other read models: the latest price of an asset, the price in force at a time
// (the last one posted at or before it), and the average of each UTC day's posted prices. Amounts are micro-USD
// per whole unit as bigint; null where no price exists.
import type { Olap } from '../../infra/olap/olap.js';
import { PRICES_TABLE } from './table.js';

export type PricedAsset = 'SOL';

/** The last price posted at or before `at` (any time when left out); null when none. */
export async function priceAt(olap: Olap, asset: PricedAsset, at?: Date): Promise<bigint | null> {
  const rows = await olap.query<{ microUsd: string }>(
    `SELECT toString(argMax(microUsd, (time, slot))) AS microUsd, count() AS n FROM ${PRICES_TABLE} FINAL
     WHERE asset = {asset:String} AND ({at:Nullable(DateTime64(3, 'UTC'))} IS NULL OR time <= {at:Nullable(DateTime64(3, 'UTC'))})
     HAVING n > 0`,
    { asset, at: at === undefined ? null : sqlTime(at) },
  );
  return rows[0] === undefined ? null : BigInt(rows[0].microUsd);
}

/** The average posted price of each UTC day from `fromDay` to `toDay` ('YYYY-MM-DD', inclusive) that has one,
 * rounded down; days without a price are absent from the map. */
export async function dailyAveragePrices(olap: Olap, asset: PricedAsset, fromDay: string, toDay: string): Promise<Map<string, bigint>> {
  const rows = await olap.query<{ day: string; microUsd: string }>(
    `SELECT toString(toDate(time)) AS day, toString(intDiv(sum(toUInt128(microUsd)), count())) AS microUsd
     FROM ${PRICES_TABLE} FINAL
     WHERE asset = {asset:String} AND toDate(time) BETWEEN toDate({from:String}) AND toDate({to:String})
     GROUP BY day ORDER BY day`,
    { asset, from: fromDay, to: toDay },
  );
  return new Map(rows.map((row) => [row.day, BigInt(row.microUsd)]));
}

function sqlTime(at: Date): string {
  return at.toISOString().replace('T', ' ').replace('Z', '');
}
