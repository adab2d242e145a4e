// What the site knows of a coin: its name and symbol as written on chain (the coins projection) and the launch
// record the launch routes kept (description, links, image). A record speaks for a coin only when the chain
// shows that coin with the record's creator and the launch was not abandoned, or, before the projection has
// the coin, when the launch routes saw it land (confirmed); so a stray record never puts words in another
// coin's mouth, and a coin launched elsewhere is described by its chain facts alone.
import { z } from 'zod';
import type { OpStore } from '../../infra/opstore/op-store.js';
import { COINS_TABLE } from '../../projections/coins/table.js';
import { cachedRead, type ReadPath } from '../../projections/read-path.js';
import { launches, type LaunchRecord } from '../launch/records.js';

export interface SiteSources {
  reads: ReadPath;
  opstore?: OpStore;
}

export interface CoinOnSite {
  mint: string;
  name: string;
  symbol: string;
  /** The launch record that speaks for the coin, or null (launched elsewhere, or no operational store). */
  launch: LaunchRecord | null;
}

interface ChainText {
  creator: string;
  name: string;
  symbol: string;
}

/** The coin's creator, name and symbol on chain, kept while the coins table is unchanged (a coin's launch facts
 * never change once written). */
const chainText = cachedRead(
  'site-coin-text',
  [COINS_TABLE],
  (mint: string) => mint,
  async (olap, mint: string): Promise<ChainText | null> => {
    const rows = await olap.query<ChainText>(
      `SELECT creator, untrustedName AS name, untrustedSymbol AS symbol FROM ${COINS_TABLE} FINAL WHERE mint = {mint:String} LIMIT 1`,
      { mint },
    );
    return rows[0] ?? null;
  },
);

/** The name and ticker a launch asked for, as its record keeps them. */
const launchSettingsText = z.object({ name: z.string(), ticker: z.string() });

/** The coin at `mint` as the site describes it, or null when neither the chain nor a landed launch knows it. */
export async function coinOnSite(sources: SiteSources, mint: string): Promise<CoinOnSite | null> {
  const [chain, record] = await Promise.all([chainText(sources.reads, mint), sources.opstore ? sources.opstore.get(launches, mint) : Promise.resolve(null)]);
  if (chain) {
    const speaks = record !== null && record.state !== 'abandoned' && record.creator === chain.creator;
    return { mint, name: chain.name, symbol: chain.symbol, launch: speaks ? record : null };
  }
  if (record?.state !== 'confirmed') return null;
  const asked = launchSettingsText.safeParse(JSON.parse(record.settings));
  if (!asked.success) return null;
  return { mint, name: asked.data.name, symbol: asked.data.ticker, launch: record };
}
