// Key pairs of the devnet's fixed actors, derived from labels so that their addresses are stable
// across runs and seeds and match the configuration's defaults (DEVNET_ADDRESSES, schemas/devnet-addresses.ts).
import { keyPairFromLabel, type Ed25519KeyPair } from '../../crypto/ed25519.js';

const key = (name: string): Ed25519KeyPair => keyPairFromLabel(`launchtape-devnet/${name}`);

export const WELL_KNOWN_KEYS = {
  launchpadProgram: key('program:launchpad'),
  poolVenueProgram: key('program:pool-venue'),
  guardProgram: key('program:guard'),
  treasury: key('wallet:treasury'),
  aiFund: key('wallet:ai-fund'),
  burnFund: key('wallet:burn-fund'),
  rewardsVault: key('wallet:rewards-vault'),
  creatorVault: key('wallet:creator-vault'),
  platformLiquidity: key('wallet:platform-liquidity'),
  flywheelFund: key('wallet:flywheel-fund'),
  sponsor: key('wallet:sponsor'),
  keeper: key('wallet:keeper'),
  /** Receives paid calls; pays nothing. */
  payments: key('wallet:payments'),
  /** Pays the network fee of paid calls. */
  feePayer: key('wallet:fee-payer'),
  /** Pays airdrops and holds the mint authority of every faucet token. */
  faucet: key('wallet:faucet'),
  stablecoinMint: key('mint:stablecoin'),
  platformTokenMint: key('mint:platform-token'),
  basketMints: [key('mint:basket-wbtc'), key('mint:basket-weth'), key('mint:basket-jup'), key('mint:basket-bonk')],
} as const;
