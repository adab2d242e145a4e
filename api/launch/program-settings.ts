// The launch programs' settings as the chain holds them, read through the launch chain client and kept for
// half a minute: the pool venue's config (launch pools' virtual SOL, anti-sniper terms) and the launchpad's
// quote configs (which pairs it lists, with their curve shapes).
import type { Address } from '@solana/kit';
import { decodeQuoteConfig, type QuoteConfig } from '../../schemas/programs/launchpad/accounts.js';
import { quoteConfigPda } from '../../schemas/programs/launchpad/pdas.js';
import { decodePoolConfig, type PoolVenueConfig } from '../../schemas/programs/pool-venue/accounts.js';
import { poolConfigPda } from '../../schemas/programs/pool-venue/pdas.js';
import type { ChainClient } from '../chain.js';

const KEEP_MS = 30_000;

export class ProgramSettings {
  private readonly cache = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    private readonly chain: ChainClient,
    private readonly programs: { launchpad: Address; poolVenue: Address },
  ) {}

  private kept<T>(key: string, load: () => Promise<T>, now: number): Promise<T> {
    const hit = this.cache.get(key);
    if (hit && now - hit.at < KEEP_MS) return hit.value as Promise<T>;
    const value = load();
    this.cache.set(key, { at: now, value });
    value.catch(() => this.cache.delete(key));
    return value;
  }

  /** The pool venue's config; throws when the program is not set up on this chain. */
  poolVenueConfig(now = Date.now()): Promise<PoolVenueConfig> {
    return this.kept(
      'pool-config',
      async () => {
        const account = await this.chain.account(poolConfigPda(this.programs.poolVenue)[0]);
        const config = account && account.owner === this.programs.poolVenue ? decodePoolConfig(account.data) : null;
        if (!config) throw new Error('the pool venue has no config account on this chain');
        return config;
      },
      now,
    );
  }

  /** The launchpad's config for a quote token; null when it does not list it (or lists it disabled). */
  quoteConfig(quoteMint: Address, now = Date.now()): Promise<QuoteConfig | null> {
    return this.kept(
      `quote:${quoteMint}`,
      async () => {
        const account = await this.chain.account(quoteConfigPda(this.programs.launchpad, quoteMint)[0]);
        const config = account && account.owner === this.programs.launchpad ? decodeQuoteConfig(account.data) : null;
        return config?.enabled ? config : null;
      },
      now,
    );
  }
}
