// Which received transactions the service keeps: those naming one of its programs or wallets, and
// those moving a known coin (token balances of its mint; this is how a plain wallet-to-wallet
// transfer is caught). Launches are learned as they arrive, so a coin launched earlier in the same
// slot is already known to the transactions after it.
import type { Logger } from 'pino';
import { decodeContext, launchedCoins, txView, type DecodeContext } from '../decoders/index.js';
import { serviceAddresses, type IngestConfig } from '../ingest-config.js';
import type { CoinInfo, KnownCoins } from '../known-coins/known-coins.js';
import type { RawTransaction } from '../raw/raw-transaction.js';

export interface Verdict {
  relevant: boolean;
  /** Coins the transaction launched. */
  launched: CoinInfo[];
}

export class Relevance {
  private readonly service: Set<string>;
  private readonly programs: Set<string>;
  private readonly ctx: DecodeContext;

  constructor(
    config: IngestConfig,
    readonly coins: KnownCoins,
    private readonly logger: Logger,
  ) {
    this.service = serviceAddresses(config);
    this.programs = new Set([config.programs.launchpad, config.programs.poolVenue]);
    this.ctx = decodeContext(config, coins);
  }

  check(raw: RawTransaction): Verdict {
    let launched: CoinInfo[] = [];
    if (raw.accountKeys.some((key) => this.programs.has(key))) {
      try {
        launched = launchedCoins(txView(raw), this.ctx);
        for (const coin of launched) this.coins.add(coin);
      } catch (error) {
        this.logger.warn({ err: error, signature: raw.signature }, 'could not read launches of a transaction; kept as is');
      }
    }
    const relevant =
      raw.accountKeys.some((key) => this.service.has(key)) ||
      raw.meta.preTokenBalances.some((b) => this.coins.has(b.mint)) ||
      raw.meta.postTokenBalances.some((b) => this.coins.has(b.mint));
    return { relevant, launched };
  }
}
