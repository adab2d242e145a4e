// Ties ideas to the coins launched from them, from what the chain shows (the coin board). Rule: a coin is launched
// from an idea when its name and ticker equal the idea's (normalised: case, spacing, width, a leading `$`) and it
// launched at or after the idea's creation; the earliest such coin wins, and the link, once written to the idea's
// record, stays. Each pass looks only at what is new since the previous one: coins launched since its last slot
// against the unlaunched ideas with their keys, and ideas written since its last pass against every coin. A pass
// runs before the board is read; concurrent reads share one.
import type { OpStore } from '../../infra/opstore/op-store.js';
import { type CoinBoard, msOf } from '../views/coin-board.js';
import { ideasCollection, matchKey, type IdeaRecord } from './idea-records.js';

/** Ideas written this long before a pass began are looked at again by the next: an import on another
 * machine may run on a clock slightly behind this one. Looking again is harmless; a linked idea drops out. */
const IMPORT_CLOCK_MARGIN_MS = 60_000;

export class IdeaLinker {
  /** Next launch slot to look at; the slot itself is looked at again, as more of its coins may have landed. */
  private fromSlot = 0;
  /** Ideas written at or after this time (epoch ms) are matched against every coin. */
  private ideasSince = 0;
  private running: Promise<boolean> | null = null;

  constructor(
    private readonly board: CoinBoard,
    readonly store: OpStore,
    private readonly clockMarginMs = IMPORT_CLOCK_MARGIN_MS,
  ) {}

  /** Runs a pass over `ideas`, or joins the one under way; whether it linked any. */
  link(ideas: readonly IdeaRecord[]): Promise<boolean> {
    if (this.running === null) {
      this.running = this.pass(ideas).finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private async pass(ideas: readonly IdeaRecord[]): Promise<boolean> {
    const startedAt = Date.now();
    const waiting = ideas.filter((idea) => idea.launchedMint === null);
    const newIdeas = waiting.filter((idea) => idea.importedAt >= this.ideasSince);
    // Every coin when new ideas arrived (they may name a coin launched earlier), else only the new coins.
    const coins = this.board.launchedFrom(newIdeas.length > 0 ? 0 : this.fromSlot);
    const newKeys = new Set(coins.filter((coin) => coin.launchSlot >= this.fromSlot).map((coin) => matchKey(coin.untrustedName, coin.untrustedSymbol)));
    const candidates = waiting.filter((idea) => idea.importedAt >= this.ideasSince || newKeys.has(idea.matchKey));
    const coinsByKey = new Map<string, typeof coins>();
    for (const coin of coins) {
      const key = matchKey(coin.untrustedName, coin.untrustedSymbol);
      coinsByKey.set(key, [...(coinsByKey.get(key) ?? []), coin]);
    }
    let linked = false;
    for (const idea of candidates) {
      const coin = (coinsByKey.get(idea.matchKey) ?? []).find((c) => msOf(c.launchTime) >= idea.createdAt);
      if (coin === undefined) continue;
      await this.store.update(ideasCollection, idea.id, { launchedMint: coin.mint });
      linked = true;
    }
    const lastSlot = coins.at(-1)?.launchSlot;
    if (lastSlot !== undefined) this.fromSlot = Math.max(this.fromSlot, lastSlot);
    this.ideasSince = startedAt - this.clockMarginMs;
    return linked;
  }
}
