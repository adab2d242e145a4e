// The devnet's genesis state: funded service wallets and faucet, and the listed tokens (stablecoin,
// platform token, basket tokens) whose mint authority is the faucet.
import type { Bank } from '../ledger/bank.js';
import { nativeMintAccount } from '../programs/token.js';
import { MINT_SIZE, writeMint } from '../runtime/token-layout.js';
import { NATIVE_MINT, rentExemptMinimum, SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../runtime/well-known.js';
import { DEVNET_TOKENS } from '../../../schemas/devnet-tokens.js';
import { WELL_KNOWN_KEYS } from './well-known-keys.js';

export const LAMPORTS_PER_SOL = 1_000_000_000n;

/** Original supply of the platform token, whole tokens (the burn endpoint reports against it). */
export const PLATFORM_TOKEN_SUPPLY = 1_000_000_000n;

function fundedWallet(lamports: bigint) {
  return { lamports, data: new Uint8Array(0), owner: SYSTEM_PROGRAM, executable: false, rentEpoch: 0n };
}

export function installGenesis(bank: Bank): void {
  const keys = WELL_KNOWN_KEYS;
  bank.setAccount(NATIVE_MINT, nativeMintAccount());
  bank.setAccount(keys.faucet.address, fundedWallet(500_000_000n * LAMPORTS_PER_SOL));
  for (const wallet of [keys.treasury, keys.aiFund, keys.burnFund, keys.rewardsVault, keys.creatorVault, keys.platformLiquidity, keys.sponsor, keys.keeper]) {
    bank.setAccount(wallet.address, fundedWallet(1_000n * LAMPORTS_PER_SOL));
  }
  // The flywheel fund was removed; its leftover stays visible until moved to the treasury.
  bank.setAccount(keys.flywheelFund.address, fundedWallet(37n * LAMPORTS_PER_SOL + 250_000_000n));
  for (const token of DEVNET_TOKENS) {
    const data = new Uint8Array(MINT_SIZE);
    writeMint(data, {
      mintAuthority: keys.faucet.address,
      supply: 0n,
      decimals: token.decimals,
      isInitialized: true,
      freezeAuthority: null,
    });
    bank.setAccount(token.mint, { lamports: rentExemptMinimum(MINT_SIZE), data, owner: TOKEN_PROGRAM, executable: false, rentEpoch: 0n });
  }
}
