// The price of an asset in force at a time (the last one posted at or before it), micro-USD per whole unit as bigint,
// null where no price exists.
import type { Olap } from '../../infra/olap/olap.js';
import { PRICES_TABLE } from './table.js';

/** The last price posted at or before `at` (any time when left out); null when none. */
export async function priceAt(olap: Olap, asset: 'SOL', at?: Date): Promise<bigint | null> {
  const rows = await olap.query<{ microUsd: string }>(
    `SELECT toString(argMax(microUsd, (time, slot))) AS microUsd, count() AS n FROM ${PRICES_TABLE} FINAL
     WHERE asset = {asset:String} AND ({at:Nullable(DateTime64(3, 'UTC'))} IS NULL OR time <= {at:Nullable(DateTime64(3, 'UTC'))})
     HAVING n > 0`,
    { asset, at: at === undefined ? null : at.toISOString().replace('T', ' ').replace('Z', '') },
  );
  return rows[0] === undefined ? null : BigInt(rows[0].microUsd);
}
