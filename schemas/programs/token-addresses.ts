// Token program addresses the launch programs use, and where curves and pools keep their quote
// (vaults are ATAs owned by their PDAs; SOL sits in the PDA itself).
import { address, type Address } from '@solana/kit';
import { associatedTokenAddress } from './associated-token.js';

export { associatedTokenAddress };

export const TOKEN_PROGRAM_ID = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
export const TOKEN_2022_PROGRAM_ID = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
export const ASSOCIATED_TOKEN_PROGRAM_ID = address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');
export const SYSTEM_PROGRAM_ID = address('11111111111111111111111111111111');
/** The wrapped-SOL mint: names SOL as a quote token (SOL quotes are held as lamports, never wrapped). */
export const NATIVE_MINT_ID = address('So11111111111111111111111111111111111111112');
/** Decimals of SOL (lamports). */
export const SOL_DECIMALS = 9;

export function isSolQuote(quoteMint: Address): boolean {
  return quoteMint === NATIVE_MINT_ID;
}

/** Where a PDA keeps a quote token: itself for SOL (lamports), else its associated token account. */
export function quoteVaultAddress(owner: Address, quoteMint: Address, quoteTokenProgram: Address): Address {
  return isSolQuote(quoteMint) ? owner : associatedTokenAddress(owner, quoteMint, quoteTokenProgram);
}
