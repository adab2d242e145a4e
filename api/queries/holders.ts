// Holder reads of the API, answered from the resident holder model (holder-book.ts): every coin's holders, holder
// view and baseline balances in memory, read in bulk and read again per coin when its rows are written. The
// per-coin SQL of projections/holders (the one definition of who counts as a holder, shared with the health
// scorer) and projections/balances stays the reference the model is tested against.
import type { ReadPath } from '../../projections/read-path.js';
import type { HoldersResponse } from '../../schemas/api/holders.js';
import { holderBook } from './holder-book.js';

/** Holder count per mint; mints without holders are absent. */
export function holderCounts(reads: ReadPath, mints: readonly string[], serviceWallets: readonly string[]): Promise<Map<string, number>> {
  return holderBook(reads, serviceWallets).holderCounts(mints);
}

/** A coin's holders read with its `limit` largest holders, `serviceWallets` left out; null when it is not a coin.
 * The same object while the coin's rows are unchanged (never to be mutated). */
export function coinHolders(reads: ReadPath, mint: string, limit: number, serviceWallets: readonly string[]): Promise<HoldersResponse | null> {
  return holderBook(reads, serviceWallets).holders(mint, limit);
}
