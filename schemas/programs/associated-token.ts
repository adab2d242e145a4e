// Associated token account derivation, synchronous: seeds [wallet, token program, mint] under the
// Associated Token Account program. Shared by the devnet's ATA program, the launch routes and decoders;
// results are cached by the three addresses (the devnet derives the same ATAs on every transaction).
import { address, type Address } from '@solana/kit';
import { findProgramAddressSync, seed } from './pda.js';

export const ASSOCIATED_TOKEN_PROGRAM_ADDRESS = address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');

const CACHE_LIMIT = 100_000;
const cache = new Map<string, [Address, number]>();

/** The associated token account of `wallet` for `mint` under `tokenProgram`, with its bump seed. */
export function associatedTokenAddressAndBump(wallet: Address, mint: Address, tokenProgram: Address): [Address, number] {
  const key = `${wallet} ${tokenProgram} ${mint}`; // base58 never contains a space
  let found = cache.get(key);
  if (!found) {
    found = findProgramAddressSync([seed.address(wallet), seed.address(tokenProgram), seed.address(mint)], ASSOCIATED_TOKEN_PROGRAM_ADDRESS);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, found);
  }
  return [found[0], found[1]];
}

/** The associated token account of `wallet` for `mint` under `tokenProgram` (SPL Token or Token-2022). */
export function associatedTokenAddress(wallet: Address, mint: Address, tokenProgram: Address): Address {
  return associatedTokenAddressAndBump(wallet, mint, tokenProgram)[0];
}
