// The tokens the devnet lists at genesis (stablecoin, platform token, basket tokens), with their labels and decimals:
// the devnet creates them from this list, and the service labels the tokens it lists from it when it runs on the
// devnet (its mints are the configuration's defaults, DEVNET_ADDRESSES).
import type { Address } from '@solana/kit';
import { DEVNET_ADDRESSES } from './devnet-addresses.js';

export interface DevnetToken {
  mint: Address;
  symbol: string;
  name: string;
  decimals: number;
  /** Role of the token on the service. */
  kind: 'stablecoin' | 'platform' | 'basket';
}

const [wbtc, weth, jup, bonk] = DEVNET_ADDRESSES.basketMints;

export const DEVNET_TOKENS: readonly DevnetToken[] = [
  { mint: DEVNET_ADDRESSES.stablecoinMint as Address, symbol: 'USDC', name: 'USD Coin', decimals: 6, kind: 'stablecoin' },
  { mint: DEVNET_ADDRESSES.platformTokenMint as Address, symbol: 'BALL', name: 'Platform Token', decimals: 6, kind: 'platform' },
  { mint: wbtc as Address, symbol: 'WBTC', name: 'Wrapped Bitcoin', decimals: 8, kind: 'basket' },
  { mint: weth as Address, symbol: 'WETH', name: 'Wrapped Ether', decimals: 8, kind: 'basket' },
  { mint: jup as Address, symbol: 'JUP', name: 'Jupiter', decimals: 6, kind: 'basket' },
  { mint: bonk as Address, symbol: 'BONK', name: 'Bonk', decimals: 5, kind: 'basket' },
];
