// What the site knows of a coin: its name and symbol as written on chain (the coin board) and the launch
// record the launch routes kept (description, links, image). A record speaks for a coin only when the chain
// shows that coin with the record's creator and the launch was not abandoned, or, before the projection has
// the coin, when the launch routes saw it land (confirmed); so a stray record never puts words in another
// coin's mouth, and a coin launched elsewhere is described by its chain facts alone.
import { z } from 'zod';
import type { OpStore } from '../../infra/opstore/op-store.js';
import { launches, type LaunchRecord } from '../launch/records.js';
import type { CoinBoard } from '../views/coin-board.js';

export interface SiteSources {
  board: CoinBoard;
  opstore?: OpStore;
}

export interface CoinOnSite {
  mint: string;
  name: string;
  symbol: string;
  /** The launch record that speaks for the coin, or null (launched elsewhere, or no operational store). */
  launch: LaunchRecord | null;
}

/** The name and ticker a launch asked for, as its record keeps them. */
const launchSettingsText = z.object({ name: z.string(), ticker: z.string() });

/** The coin at `mint` as the site describes it, or null when neither the chain nor a landed launch knows it. */
export async function coinOnSite(sources: SiteSources, mint: string): Promise<CoinOnSite | null> {
  const chain = sources.board.launchOf(mint);
  const record = sources.opstore ? await sources.opstore.get(launches, mint) : null;
  if (chain) {
    const speaks = record !== null && record.state !== 'abandoned' && record.creator === chain.creator;
    return { mint, name: chain.untrustedName, symbol: chain.untrustedSymbol, launch: speaks ? record : null };
  }
  if (record?.state !== 'confirmed') return null;
  const asked = launchSettingsText.safeParse(JSON.parse(record.settings));
  if (!asked.success) return null;
  return { mint, name: asked.data.name, symbol: asked.data.ticker, launch: record };
}
