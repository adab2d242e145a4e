// The coins launched through the service, as the ingest learns them from coin.launched: the subscriber
// keeps only transactions that touch one of them (or the service itself), and the decoders emit coin
// facts (trades, balances) only for them. Adding is idempotent, so a replay rebuilds the same set.
/** What the ingest needs to remember about a coin. */
export interface CoinInfo {
  mint: string;
  route: 'launchpad' | 'pool-venue';
  quoteMint: string;
  mode: 'holder' | 'creator';
  holdersPaid: 'pair' | 'basket';
  tokenProgram: 'spl' | 'token-2022';
  curve: string | null;
  pool: string | null;
  /** Slot of the launch. */
  slot: number;
}

/** The parts of `coin.launched` data the registry keeps. */
export type LaunchFacts = Omit<CoinInfo, 'slot'>;

export function coinInfoFromLaunch(data: LaunchFacts, slot: number): CoinInfo {
  const { mint, route, quoteMint, mode, holdersPaid, tokenProgram, curve, pool } = data;
  return { mint, route, quoteMint, mode, holdersPaid, tokenProgram, curve, pool, slot };
}

export class KnownCoins {
  private readonly coins = new Map<string, CoinInfo>();

  constructor(initial: Iterable<CoinInfo> = []) {
    for (const coin of initial) this.add(coin);
  }

  /** Remember a coin; false when it was already known (the first launch seen wins). */
  add(coin: CoinInfo): boolean {
    if (this.coins.has(coin.mint)) return false;
    this.coins.set(coin.mint, coin);
    return true;
  }

  has(mint: string): boolean {
    return this.coins.has(mint);
  }

  get(mint: string): CoinInfo | undefined {
    return this.coins.get(mint);
  }

  get size(): number {
    return this.coins.size;
  }

  all(): IterableIterator<CoinInfo> {
    return this.coins.values();
  }
}
