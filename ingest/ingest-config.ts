// What the ingest reads from the service's configuration (schemas/config.ts): the network name, the
// programs, the service wallets and mints; and the sets derived from them that the subscriber and the
// decoders share (addresses to follow, wallets whose memos are trusted, fund wallets).
import type { Address } from '@solana/kit';
import type { Config } from '../schemas/config.js';
import type { FundBalanceData } from '../schemas/events/index.js';

export type IngestConfig = Pick<Config, 'network' | 'programs' | 'wallets' | 'mints'>;

export type FundName = FundBalanceData['fund'];

/** Every service wallet except the sponsor and the fee payer, which co-sign users' launch and payment transactions
 * and so must never lend their authority to a memo inside one. Keeper memos are trusted only from these. */
export function trustedMemoSigners(config: IngestConfig): Set<Address> {
  const { sponsor: _sponsor, feePayer: _feePayer, ...keepers } = config.wallets;
  return new Set(Object.values(keepers));
}

/** The service's funds by wallet (fund.balance). The treasury holds the platform share of fees. */
export function fundWallets(config: IngestConfig): Map<Address, FundName> {
  const w = config.wallets;
  return new Map<Address, FundName>([
    [w.burnFund, 'burn'],
    [w.aiFund, 'ai'],
    [w.treasury, 'platform-share'],
    [w.flywheelFund, 'flywheel'],
    [w.rewardsVault, 'rewards'],
    [w.creatorVault, 'creator'],
    [w.platformLiquidity, 'liquidity'],
  ]);
}

/** The service's programs and wallets: a transaction naming any of them concerns the service. */
export function serviceAddresses(config: IngestConfig): Set<Address> {
  return new Set<Address>([config.programs.launchpad, config.programs.poolVenue, ...Object.values(config.wallets)]);
}
