// Pool-venue program-derived addresses: the venue's config ["config"], one pool per
// ["pool", mint, quoteMint], and the pool's vaults (ATAs of the pool; SOL quotes sit in the pool).
import type { Address } from '@solana/kit';
import { findProgramAddressSync, seed } from '../pda.js';
import { associatedTokenAddress, quoteVaultAddress } from '../token-addresses.js';

export const POOL_VENUE_SEEDS = { config: 'config', pool: 'pool' } as const;

export type Pda = [Address, number];

export function poolConfigPda(programId: Address): Pda {
  return findProgramAddressSync([seed.text(POOL_VENUE_SEEDS.config)], programId);
}

export function poolPda(programId: Address, mint: Address, quoteMint: Address): Pda {
  return findProgramAddressSync([seed.text(POOL_VENUE_SEEDS.pool), seed.address(mint), seed.address(quoteMint)], programId);
}

/** Seeds (bump included) the pool signs with. */
export function poolSignerSeeds(mint: Address, quoteMint: Address, bump: number): Uint8Array[] {
  return [seed.text(POOL_VENUE_SEEDS.pool), seed.address(mint), seed.address(quoteMint), Uint8Array.of(bump)];
}

export interface PoolAddresses {
  pool: Address;
  poolTokenVault: Address;
  poolQuoteVault: Address;
}

export function poolAddresses(programId: Address, mint: Address, tokenProgram: Address, quoteMint: Address, quoteTokenProgram: Address): PoolAddresses {
  const [pool] = poolPda(programId, mint, quoteMint);
  return {
    pool,
    poolTokenVault: associatedTokenAddress(pool, mint, tokenProgram),
    poolQuoteVault: quoteVaultAddress(pool, quoteMint, quoteTokenProgram),
  };
}
