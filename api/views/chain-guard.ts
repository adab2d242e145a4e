// Which trades a view has folded in, per coin, so that none is folded twice. A coin's events sit in one log
// partition in chain order and the projections write them in that order, so what a view loaded from the store is a
// prefix of the coin's trades in slot order, possibly ending partway through a slot. The log then brings again
// everything after the projections' committed position, some of it in the store already, and the ingest may append
// a slot's events a second time after a restart. So a trade is new exactly when its slot is past the coin's last
// one, or is that slot and its id is not among those already taken from it.
export class ChainGuard {
  private readonly coins = new Map<string, { slot: number; ids: Set<string> }>();

  /** Whether the trade is new; if so it counts as taken. */
  admit(mint: string, slot: number, id: string): boolean {
    const coin = this.coins.get(mint);
    if (coin === undefined || slot > coin.slot) {
      this.coins.set(mint, { slot, ids: new Set([id]) });
      return true;
    }
    if (slot < coin.slot || coin.ids.has(id)) return false;
    coin.ids.add(id);
    return true;
  }
}
