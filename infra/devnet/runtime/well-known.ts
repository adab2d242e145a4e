// Addresses of Solana's builtin programs, loaders and sysvars that the devnet runtime knows.
import { address } from '@solana/kit';

export const SYSTEM_PROGRAM = address('11111111111111111111111111111111');
export const COMPUTE_BUDGET_PROGRAM = address('ComputeBudget111111111111111111111111111111');
export const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
export const TOKEN_2022_PROGRAM = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
export const ASSOCIATED_TOKEN_PROGRAM = address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');
export const MEMO_PROGRAM = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
/** The memo program address @solana-program/memo builds for by default. */
export const MEMO_P_PROGRAM = address('Memo4c2pN8afCj432Lb7RMVKi9PbQnnW7ewFFaV3oAH');
export const NATIVE_LOADER = address('NativeLoader1111111111111111111111111111111');
export const BPF_LOADER_UPGRADEABLE = address('BPFLoaderUpgradeab1e11111111111111111111111');
export const NATIVE_MINT = address('So11111111111111111111111111111111111111112');
export const SYSVAR_RENT = address('SysvarRent111111111111111111111111111111111');

/** Lamports per signature, as mainnet charges. */
export const LAMPORTS_PER_SIGNATURE = 5000n;
export const DEFAULT_INSTRUCTION_COMPUTE_UNITS = 200_000;
export const MAX_COMPUTE_UNITS = 1_400_000;
export const MAX_CPI_DEPTH = 5;

/** Rent: 3480 lamports per byte-year, two years for exemption, 128 bytes of account overhead. */
export function rentExemptMinimum(dataLength: number): bigint {
  return BigInt(128 + dataLength) * 3480n * 2n;
}
