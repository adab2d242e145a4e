// Genesis of the service's programs: the launchpad's global and quote configs, the pool venue's
// config, then (as real transactions in the first slot) the faucet's supply of the listed tokens,
// their SOL market pools and the service wallets' stablecoin accounts.
import type { Address } from '@solana/kit';
import { encodeGlobal, encodeQuoteConfig, GLOBAL_SIZE, QUOTE_CONFIG_SIZE } from '../../../schemas/programs/launchpad/accounts.js';
import { DEFAULT_ANTI_SNIPER, DEFAULT_REFERRAL_BPS, SOL_CURVE, STABLECOIN_CURVE, STABLECOIN_DECIMALS } from '../../../schemas/programs/launchpad/constants.js';
import { globalPda, quoteConfigPda } from '../../../schemas/programs/launchpad/pdas.js';
import { encodePoolConfig, POOL_CONFIG_SIZE } from '../../../schemas/programs/pool-venue/accounts.js';
import { createMarketPoolInstruction } from '../../../schemas/programs/pool-venue/builders.js';
import { DEFAULT_LAUNCH_VIRTUAL_QUOTE } from '../../../schemas/programs/pool-venue/constants.js';
import { poolConfigPda } from '../../../schemas/programs/pool-venue/pdas.js';
import { NATIVE_MINT_ID } from '../../../schemas/programs/token-addresses.js';
import type { Bank } from '../ledger/bank.js';
import { rentExemptMinimum, TOKEN_PROGRAM } from '../runtime/well-known.js';
import { createAtaIdempotent, mintTo } from '../simulator/token-ops.js';
import { buildTransaction } from '../tx-builder.js';
import { DEVNET_TOKENS } from '../../../schemas/devnet-tokens.js';
import { LAMPORTS_PER_SOL, PLATFORM_TOKEN_SUPPLY } from './genesis.js';
import { WELL_KNOWN_KEYS } from './well-known-keys.js';

const keys = WELL_KNOWN_KEYS;
const LAUNCHPAD = keys.launchpadProgram.address;
const POOL_VENUE = keys.poolVenueProgram.address;

/** Initial market pools against SOL: whole tokens and whole SOL deposited. */
const MARKET_POOLS: { symbol: string; tokens: bigint; sol: bigint }[] = [
  { symbol: 'BALL', tokens: 300_000_000n, sol: 3_000n },
  { symbol: 'WBTC', tokens: 100n, sol: 65_000n },
  { symbol: 'WETH', tokens: 1_000n, sol: 20_000n },
  { symbol: 'JUP', tokens: 4_000_000n, sol: 20_000n },
  { symbol: 'BONK', tokens: 100_000_000_000n, sol: 10_000n },
];

function programAccount(owner: Address, data: Uint8Array, size: number) {
  return { lamports: rentExemptMinimum(size), data, owner, executable: false, rentEpoch: 0n };
}

function splitWallets() {
  return {
    rewardsVault: keys.rewardsVault.address,
    creatorVault: keys.creatorVault.address,
    treasury: keys.treasury.address,
    aiFund: keys.aiFund.address,
    burnFund: keys.burnFund.address,
    platformLiquidity: keys.platformLiquidity.address,
  };
}

function installConfigAccounts(bank: Bank): void {
  const [global, globalBump] = globalPda(LAUNCHPAD);
  bank.setAccount(
    global,
    programAccount(
      LAUNCHPAD,
      encodeGlobal({
        bump: globalBump,
        admin: keys.faucet.address,
        ...splitWallets(),
        referralBps: DEFAULT_REFERRAL_BPS,
        antiSniperLimitBps: DEFAULT_ANTI_SNIPER.limitBps,
        antiSniperWindowSeconds: DEFAULT_ANTI_SNIPER.windowSeconds,
      }),
      GLOBAL_SIZE,
    ),
  );
  const quotes = [
    { mint: NATIVE_MINT_ID, decimals: 9, shape: SOL_CURVE },
    { mint: keys.stablecoinMint.address, decimals: STABLECOIN_DECIMALS, shape: STABLECOIN_CURVE },
  ];
  for (const quote of quotes) {
    const [address, bump] = quoteConfigPda(LAUNCHPAD, quote.mint);
    const data = encodeQuoteConfig({
      bump,
      quoteMint: quote.mint,
      quoteTokenProgram: TOKEN_PROGRAM,
      quoteDecimals: quote.decimals,
      ...quote.shape,
      enabled: true,
    });
    bank.setAccount(address, programAccount(LAUNCHPAD, data, QUOTE_CONFIG_SIZE));
  }
  const [config, configBump] = poolConfigPda(POOL_VENUE);
  const poolConfig = encodePoolConfig({
    bump: configBump,
    admin: keys.faucet.address,
    ...splitWallets(),
    referralBps: DEFAULT_REFERRAL_BPS,
    antiSniperLimitBps: DEFAULT_ANTI_SNIPER.limitBps,
    antiSniperWindowSeconds: DEFAULT_ANTI_SNIPER.windowSeconds,
    launchVirtualQuote: DEFAULT_LAUNCH_VIRTUAL_QUOTE,
  });
  bank.setAccount(config, programAccount(POOL_VENUE, poolConfig, POOL_CONFIG_SIZE));
}

function submit(bank: Bank, instructions: Parameters<typeof buildTransaction>[0]['instructions']): void {
  const faucet = keys.faucet;
  const { wire } = buildTransaction({ feePayer: faucet.address, instructions, blockhash: bank.latestBlock.blockhash, signers: [faucet] });
  const tx = bank.submit(wire);
  if (tx.meta.err) throw new Error(`genesis transaction failed: ${JSON.stringify(tx.meta.err)}\n${tx.meta.logMessages.join('\n')}`);
}

export function installProgramGenesis(bank: Bank): void {
  installConfigAccounts(bank);
  const faucet = keys.faucet.address;
  for (const pool of MARKET_POOLS) {
    const token = DEVNET_TOKENS.find((t) => t.symbol === pool.symbol)!;
    const unit = 10n ** BigInt(token.decimals);
    const supply = token.kind === 'platform' ? PLATFORM_TOKEN_SUPPLY * unit : pool.tokens * unit;
    submit(bank, [
      createAtaIdempotent(faucet, faucet, token.mint, TOKEN_PROGRAM),
      mintTo({ mint: token.mint, owner: faucet, authority: faucet, amount: supply, tokenProgram: TOKEN_PROGRAM }),
      createMarketPoolInstruction({
        programId: POOL_VENUE,
        admin: faucet,
        mint: token.mint,
        tokenProgram: TOKEN_PROGRAM,
        args: { tokenAmount: pool.tokens * unit, quoteAmount: pool.sol * LAMPORTS_PER_SOL, feeBps: 30 },
      }),
    ]);
  }
  // Stablecoin-paired coins pay their fee split into token accounts: the service wallets need them.
  const stable = keys.stablecoinMint.address;
  const wallets = [keys.rewardsVault, keys.creatorVault, keys.treasury, keys.aiFund, keys.burnFund, keys.platformLiquidity];
  submit(
    bank,
    wallets.map((w) => createAtaIdempotent(faucet, w.address, stable, TOKEN_PROGRAM)),
  );
}
