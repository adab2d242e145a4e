// What every wallet is owed on every holder-mode coin after the coin's latest round, resident in memory for the
// wallet rewards read (reward-model.ts): read from reward_owed (written by owed-projector.ts), all coins at first,
// then the coins whose rows changed, and indexed wallet -> coins. About 200 bytes an owed entry: the bench's 45,000
// take about 9 MB.
import type { CoinOwed } from './queries.js';

export interface OwedEntry {
  mint: string;
  /** The coin's quote token. */
  token: string;
  amount: bigint;
  round: number;
}

/** Every coin's owed amounts and the owed entries of every wallet. */
export class OwedBook {
  private readonly coins = new Map<string, CoinOwed & { token: string }>();
  /** Each wallet's coins with an owed share, by mint, and the stamp of their last change. */
  private readonly wallets = new Map<string, { mints: string[]; stamp: number }>();

  /** Sets the coin's owed amounts (null: none); the wallets whose owed entries changed take `stamp`. */
  set(mint: string, token: string, latest: CoinOwed | null, stamp: number): void {
    const before = this.coins.get(mint);
    if (latest === null) this.coins.delete(mint);
    else this.coins.set(mint, { ...latest, token });
    const after = latest?.owed ?? new Map<string, bigint>();
    for (const wallet of new Set([...(before?.owed.keys() ?? []), ...after.keys()])) {
      if (before?.round === latest?.round && before?.owed.get(wallet) === after.get(wallet)) continue;
      let record = this.wallets.get(wallet);
      // A wallet left with no entries keeps its record, so its stamp never goes back.
      if (record === undefined) this.wallets.set(wallet, (record = { mints: [], stamp }));
      const at = record.mints.indexOf(mint);
      if (after.has(wallet) && at < 0) record.mints = [...record.mints, mint].sort();
      else if (!after.has(wallet) && at >= 0) record.mints = record.mints.filter((other) => other !== mint);
      record.stamp = stamp;
    }
  }

  /** The wallet's owed entries (only `coin` when set), by coin, at most `limit`. */
  walletOwed(wallet: string, coin: string | null, limit: number): OwedEntry[] {
    const out: OwedEntry[] = [];
    for (const mint of this.wallets.get(wallet)?.mints ?? []) {
      if (out.length >= limit) break;
      if (coin !== null && mint !== coin) continue;
      const owed = this.coins.get(mint)!;
      out.push({ mint, token: owed.token, amount: owed.owed.get(wallet)!, round: owed.round });
    }
    return out;
  }

  /** Stamp of the last change of the wallet's entries; 0 when it never had any. */
  walletStamp(wallet: string): number {
    return this.wallets.get(wallet)?.stamp ?? 0;
  }
}
