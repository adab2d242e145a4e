// Launchpad program-derived addresses: the global account, one quote config per quote token, one
// curve per coin, and the curve's vaults (ATAs of the curve; SOL quotes sit in the curve itself).
import type { Address } from '@solana/kit';
import { findProgramAddressSync, seed } from '../pda.js';
import { associatedTokenAddress, quoteVaultAddress } from '../token-addresses.js';
import { LAUNCHPAD_SEEDS } from './constants.js';

export type Pda = [Address, number];

export function globalPda(programId: Address): Pda {
  return findProgramAddressSync([seed.text(LAUNCHPAD_SEEDS.global)], programId);
}

export function quoteConfigPda(programId: Address, quoteMint: Address): Pda {
  return findProgramAddressSync([seed.text(LAUNCHPAD_SEEDS.quote), seed.address(quoteMint)], programId);
}

/** Seeds (bump included) a quote config is created with. */
export function quoteConfigSignerSeeds(quoteMint: Address, bump: number): Uint8Array[] {
  return [seed.text(LAUNCHPAD_SEEDS.quote), seed.address(quoteMint), Uint8Array.of(bump)];
}

export function curvePda(programId: Address, mint: Address): Pda {
  return findProgramAddressSync([seed.text(LAUNCHPAD_SEEDS.curve), seed.address(mint)], programId);
}

/** Seeds (bump included) the curve signs with. */
export function curveSignerSeeds(mint: Address, bump: number): Uint8Array[] {
  return [seed.text(LAUNCHPAD_SEEDS.curve), seed.address(mint), Uint8Array.of(bump)];
}

export interface CurveAddresses {
  curve: Address;
  curveTokenVault: Address;
  curveQuoteVault: Address;
}

export function curveAddresses(programId: Address, mint: Address, tokenProgram: Address, quoteMint: Address, quoteTokenProgram: Address): CurveAddresses {
  const [curve] = curvePda(programId, mint);
  return {
    curve,
    curveTokenVault: associatedTokenAddress(curve, mint, tokenProgram),
    curveQuoteVault: quoteVaultAddress(curve, quoteMint, quoteTokenProgram),
  };
}
