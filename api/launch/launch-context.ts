// What the launch handlers run with: the operational store, the chain, the programs' settings, the service's
// sealed keys, the configuration they read, the clock and per-key locks. Built once per app from ApiDeps.
import type { Address } from '@solana/kit';
import type { ServiceKeys } from '../../infra/keys/service-keys.js';
import type { OpStore } from '../../infra/opstore/op-store.js';
import type { HooksMenu } from '../../schemas/hooks-menu.js';
import type { ServiceWallets } from '../../schemas/config.js';
import { ChainClient } from '../chain.js';
import { LaunchError } from './launch-error.js';
import { ProgramSettings } from './program-settings.js';
import { coinPageUrl } from '../site/coin-metadata.js';

/** What the service passes to the API to enable launching. */
export interface LaunchDeps {
  /** The chain's JSON-RPC (RPC_URL, or the embedded devnet's). */
  rpcUrl: string;
  programs: { launchpad: Address; poolVenue: Address; guard: Address };
  /** Public root of the site: coin pages and metadata links. */
  siteUrl: string;
  /** The service's sealed keys (address pool, sponsor); null: no pool mints and no sponsored launches. */
  keys: ServiceKeys | null;
  /** How long submit waits for the chain before answering pending (default 5 s). */
  confirmWaitMs?: number;
  /** How often submit and the background sweep look at the chain (default 250 ms). */
  pollMs?: number;
  /** How often launches in flight are advanced in the background (default 2 s; 0: only when asked). */
  sweepIntervalMs?: number;
}

export interface LaunchConfig {
  wallets: ServiceWallets;
  mints: { stablecoin: Address; basket: Address[] };
  hooks: HooksMenu;
}

export class LaunchContext {
  readonly chain: ChainClient;
  readonly settings: ProgramSettings;
  readonly confirmWaitMs: number;
  readonly pollMs: number;
  readonly sweepIntervalMs: number;
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    readonly deps: LaunchDeps,
    private readonly store: OpStore | undefined,
    readonly config: LaunchConfig,
    readonly now: () => Date,
  ) {
    this.chain = new ChainClient(deps.rpcUrl);
    this.settings = new ProgramSettings(this.chain, deps.programs);
    this.confirmWaitMs = deps.confirmWaitMs ?? 5_000;
    this.pollMs = deps.pollMs ?? 250;
    this.sweepIntervalMs = deps.sweepIntervalMs ?? 2_000;
  }

  get opstore(): OpStore {
    if (!this.store) throw new LaunchError(503, ['launching is not available on this service right now (no operational store); try again later']);
    return this.store;
  }

  get keys(): ServiceKeys | null {
    return this.deps.keys;
  }

  get programs(): LaunchDeps['programs'] {
    return this.deps.programs;
  }

  /** The coin's page on the site. */
  pageOf(mint: string): string {
    return coinPageUrl(this.deps.siteUrl, mint);
  }

  /** The metadata URI written on chain: the coin's metadata document beside its page on the site, made from
   * the launch record (name, ticker, description, image). */
  metadataUri(mint: string): string {
    return `${this.deps.siteUrl}/coins/${mint}/metadata.json`;
  }

  /** Run `work` with no other work under the same key in between (this process). */
  async withLock<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.locks.get(key) ?? Promise.resolve();
    const run = before.then(work, work);
    const tail = run.catch(() => undefined);
    this.locks.set(key, tail);
    try {
      return await run;
    } finally {
      if (this.locks.get(key) === tail) this.locks.delete(key);
    }
  }
}

/** The launch context, or a 503 when the service has no chain connection for launching. */
export function requireLaunch(lc: LaunchContext | null): LaunchContext {
  if (!lc) throw new LaunchError(503, ['launching is not available on this service (no chain connection configured); try again later']);
  return lc;
}

/** The launch context of an app, or null when the service passed no launch dependencies. */
export function launchContextOf(deps: { launch?: LaunchDeps; opstore?: OpStore; config: LaunchConfig; clock?: () => Date }): LaunchContext | null {
  if (!deps.launch) return null;
  return new LaunchContext(deps.launch, deps.opstore, deps.config, deps.clock ?? (() => new Date()));
}
