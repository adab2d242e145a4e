// Which received transactions the service keeps: those naming one of its programs or wallets, and
// those moving a known coin (token balances of its mint; this is how a plain wallet-to-wallet
// transfer is caught). Launches are learned as they arrive, so a coin launched earlier in the same
// slot is already known to the transactions after it.
import type { Logger } from 'pino';
import { decodeContext, launchedCoins, txView, type DecodeContext } from '../decoders/index.js';
import { serviceAddresses, type IngestConfig } from '../ingest-config.js';
import type { CoinInfo, KnownCoins } from '../known-coins/known-coins.js';
import type { RawInstruction, RawTransaction } from '../raw/raw-transaction.js';
import { LAUNCHPAD_DISCRIMINATORS } from '../../schemas/programs/launchpad/instructions.js';
import { POOL_VENUE_DISCRIMINATORS } from '../../schemas/programs/pool-venue/instructions.js';

export interface Verdict {
  relevant: boolean;
  /** Coins the transaction launched. */
  launched: CoinInfo[];
}

export class Relevance {
  private readonly service: Set<string>;
  private readonly programs: Set<string>;
  private readonly ctx: DecodeContext;
  /** The first data byte (discriminator) of each program's launching instruction. */
  private readonly launchingByte: ReadonlyMap<string, number>;

  constructor(
    config: IngestConfig,
    readonly coins: KnownCoins,
    private readonly logger: Logger,
  ) {
    this.service = serviceAddresses(config);
    this.programs = new Set([config.programs.launchpad, config.programs.poolVenue]);
    this.ctx = decodeContext(config, coins);
    this.launchingByte = new Map([
      [config.programs.launchpad, LAUNCHPAD_DISCRIMINATORS.createCoin],
      [config.programs.poolVenue, POOL_VENUE_DISCRIMINATORS.createPool],
    ]);
  }

  check(raw: RawTransaction): Verdict {
    let launched: CoinInfo[] = [];
    if (raw.accountKeys.some((key) => this.programs.has(key)) && this.mayLaunch(raw)) {
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

  /** Whether an invocation (top-level or inner) is a launching instruction: the launch decoders find nothing in any
   * other transaction, so the others (trades, claims: most of them) skip building the decoders' view. */
  private mayLaunch(raw: RawTransaction): boolean {
    const launching = (ix: RawInstruction): boolean => {
      const program = raw.accountKeys[ix.programIdIndex];
      const byte = program === undefined ? undefined : this.launchingByte.get(program);
      return byte !== undefined && firstByte(ix.data) === byte;
    };
    return raw.instructions.some(launching) || raw.meta.innerInstructions.some((group) => group.instructions.some(launching));
  }
}

/** The first byte of base64 data (-1 when empty). */
function firstByte(base64: string): number {
  return Buffer.from(base64.slice(0, 4), 'base64')[0] ?? -1;
}
