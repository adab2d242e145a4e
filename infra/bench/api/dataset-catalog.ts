// What the API bench's requests are drawn from: every coin with what its requests need (mode, name, trade times,
// whether it had rounds), creators, and samples of the wallets that traded, were paid or are owed. Written beside
// the store as JSON, so a later run on the same store asks the same kind of questions.
import type { CoinPlan } from './dataset-plan.js';

export interface CatalogCoin {
  mint: string;
  mode: 'holder' | 'creator';
  name: string;
  symbol: string;
  creator: string;
  launchTime: number;
  trades: number;
  firstTrade: number | null;
  lastTrade: number | null;
  rounds: number;
  graduated: boolean;
}

export interface Catalog {
  /** Unix seconds the history ends at. */
  now: number;
  coins: CatalogCoin[];
  creators: string[];
  traders: string[];
  paidWallets: string[];
  owedWallets: string[];
  /** UTC days ('YYYY-MM-DD') the history covers. */
  days: string[];
  /** Search texts of the ideas board. */
  ideaTerms: string[];
}

/** Keeps at most `size` of the values offered, each offered value equally likely to stay (reservoir sampling). */
class Reservoir {
  readonly values: string[] = [];
  private seen = 0;
  private readonly known = new Set<string>();

  constructor(
    private readonly size: number,
    private state = 1,
  ) {}

  offer(value: string): void {
    if (this.known.has(value)) return;
    this.known.add(value);
    this.seen += 1;
    if (this.values.length < this.size) {
      this.values.push(value);
      return;
    }
    this.state = (Math.imul(this.state, 1_103_515_245) + 12_345) >>> 0;
    const slot = this.state % this.seen;
    if (slot < this.size) this.values[slot] = value;
  }
}

export class CatalogBuilder {
  private readonly coins: CatalogCoin[] = [];
  private readonly creators = new Set<string>();
  private readonly traders = new Reservoir(5_000, 7);
  private readonly paid = new Reservoir(5_000, 11);
  private readonly owed = new Reservoir(2_000, 13);

  coin(plan: CoinPlan, life: { firstTrade: number | null; lastTrade: number | null; rounds: number; graduated: boolean }): void {
    this.creators.add(plan.creator);
    this.coins.push({
      mint: plan.mint,
      mode: plan.mode,
      name: plan.name,
      symbol: plan.symbol,
      creator: plan.creator,
      launchTime: plan.launchTime,
      trades: plan.trades,
      ...life,
    });
  }

  trader(wallet: string): void {
    this.traders.offer(wallet);
  }

  paidWallet(wallet: string, _mint: string): void {
    this.paid.offer(wallet);
  }

  owedWallet(wallet: string, _mint: string): void {
    this.owed.offer(wallet);
  }

  build(now: number, days: string[], ideaTerms: string[]): Catalog {
    return {
      now,
      coins: this.coins,
      creators: [...this.creators],
      traders: this.traders.values,
      paidWallets: this.paid.values,
      owedWallets: this.owed.values,
      days,
      ideaTerms,
    };
  }
}
