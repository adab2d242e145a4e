// The devnet's genesis state: funded service wallets and faucet, and the listed tokens (stablecoin,
// platform token, basket tokens) whose mint authority is the faucet.
import type { Address } from '@solana/kit';
import type { Bank } from '../ledger/bank.js';
import { nativeMintAccount } from '../programs/token.js';
import { MINT_SIZE, writeMint } from '../runtime/token-layout.js';
import { NATIVE_MINT, rentExemptMinimum, SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../runtime/well-known.js';
import { WELL_KNOWN_KEYS } from './well-known-keys.js';

export const LAMPORTS_PER_SOL = 1_000_000_000n;

export interface ListedToken {
  mint: Address;
  symbol: string;
  name: string;
  decimals: number;
  /** Role of the token on the service. */
  kind: 'stablecoin' | 'platform' | 'basket';
}

/** The tokens the devnet creates at genesis. */
export const LISTED_TOKENS: readonly ListedToken[] = [
  { mint: WELL_KNOWN_KEYS.stablecoinMint.address, symbol: 'USDC', name: 'USD Coin', decimals: 6, kind: 'stablecoin' },
  { mint: WELL_KNOWN_KEYS.platformTokenMint.address, symbol: 'BALL', name: 'Platform Token', decimals: 6, kind: 'platform' },
  { mint: WELL_KNOWN_KEYS.basketMints[0].address, symbol: 'WBTC', name: 'Wrapped Bitcoin', decimals: 8, kind: 'basket' },
  { mint: WELL_KNOWN_KEYS.basketMints[1].address, symbol: 'WETH', name: 'Wrapped Ether', decimals: 8, kind: 'basket' },
  { mint: WELL_KNOWN_KEYS.basketMints[2].address, symbol: 'JUP', name: 'Jupiter', decimals: 6, kind: 'basket' },
  { mint: WELL_KNOWN_KEYS.basketMints[3].address, symbol: 'BONK', name: 'Bonk', decimals: 5, kind: 'basket' },
];

/** Original supply of the platform token, whole tokens (the burn endpoint reports against it). */
export const PLATFORM_TOKEN_SUPPLY = 1_000_000_000n;

function fundedWallet(lamports: bigint) {
  return { lamports, data: new Uint8Array(0), owner: SYSTEM_PROGRAM, executable: false, rentEpoch: 0n };
}

export function installGenesis(bank: Bank): void {
  const keys = WELL_KNOWN_KEYS;
  bank.setAccount(NATIVE_MINT, nativeMintAccount());
  bank.setAccount(keys.faucet.address, fundedWallet(500_000_000n * LAMPORTS_PER_SOL));
  for (const wallet of [
    keys.treasury,
    keys.aiFund,
    keys.burnFund,
    keys.rewardsVault,
    keys.creatorVault,
    keys.platformLiquidity,
    keys.sponsor,
    keys.keeper,
  ]) {
    bank.setAccount(wallet.address, fundedWallet(1_000n * LAMPORTS_PER_SOL));
  }
  // The flywheel fund was removed; its leftover stays visible until moved to the treasury.
  bank.setAccount(keys.flywheelFund.address, fundedWallet(37n * LAMPORTS_PER_SOL + 250_000_000n));
  for (const token of LISTED_TOKENS) {
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
