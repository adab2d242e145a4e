// Read queries of the ideas board on the coins projection: coins by launch slot (to tie ideas to the coins
// launched from them).
import type { Olap } from '../../infra/olap/olap.js';
import { COINS_TABLE } from '../../projections/coins/table.js';
import { cachedRead } from '../../projections/read-path.js';

/** What ties a coin to an idea. */
export interface CoinIdentity {
  mint: string;
  name: string;
  symbol: string;
  route: 'launchpad' | 'pool-venue';
  launchSlot: number;
  /** Epoch milliseconds. */
  launchMs: number;
}

/** Coins launched at or after `fromSlot`, oldest first; kept while the coins table is unchanged where the store
 * says so for free (the ideas board asks before every read). */
export const coinsLaunchedFrom = cachedRead('coins-launched-from', [COINS_TABLE], (fromSlot: number) => String(fromSlot), readCoinsLaunchedFrom);

async function readCoinsLaunchedFrom(olap: Olap, fromSlot: number): Promise<CoinIdentity[]> {
  const rows = await olap.query<{
    mint: string;
    name: string;
    symbol: string;
    route: CoinIdentity['route'];
    launchSlot: string | number;
    launchMs: string | number;
  }>(
    `SELECT mint, untrustedName AS name, untrustedSymbol AS symbol, route, launchSlot,
       toUnixTimestamp64Milli(launchTime) AS launchMs
     FROM ${COINS_TABLE} FINAL
     WHERE launchSlot >= {fromSlot:UInt64}
     ORDER BY launchSlot, mint`,
    { fromSlot },
  );
  return rows.map((row) => ({ ...row, launchSlot: Number(row.launchSlot), launchMs: Number(row.launchMs) }));
}
