// Pool-venue CreateMarketPool (admin; the devnet's genesis uses it): a plain pool of a listed token
// against SOL, funded with the admin's tokens and lamports. Fee only, kept in the reserves; no split.
import { MAX_FEE_BPS } from '../../../../schemas/programs/coin-rules.js';
import { POOL_SIZE, type Pool } from '../../../../schemas/programs/pool-venue/accounts.js';
import { PoolVenueError as E } from '../../../../schemas/programs/pool-venue/constants.js';
import type { CreateMarketPoolArgs } from '../../../../schemas/programs/pool-venue/instructions.js';
import { poolAddresses, poolPda } from '../../../../schemas/programs/pool-venue/pdas.js';
import { NATIVE_MINT_ID, SOL_DECIMALS, TOKEN_PROGRAM_ID } from '../../../../schemas/programs/token-addresses.js';
import { accountAt, type InstructionContext } from '../../runtime/program.js';
import { isTokenProgram, readMint } from '../../runtime/token-layout.js';
import { ASSOCIATED_TOKEN_PROGRAM, SYSTEM_PROGRAM } from '../../runtime/well-known.js';
import { fail, requireAddress, requireProgram, requireSigner } from '../launch-shared/checks.js';
import { createAccount, createAssociatedTokenAccount, transferLamports, transferTokens } from '../launch-shared/cpi.js';
import { emitPoolCreated, loadConfig, poolSeeds, savePool } from './state.js';

export function createMarketPool(ctx: InstructionContext, args: CreateMarketPoolArgs): void {
  const admin = accountAt(ctx, 0);
  const poolAccount = accountAt(ctx, 2);
  const tokenVault = accountAt(ctx, 3);
  const adminToken = accountAt(ctx, 4);
  const mint = accountAt(ctx, 5);
  const tokenProgram = accountAt(ctx, 6);
  requireSigner(ctx, admin, 'admin');
  const config = loadConfig(ctx, accountAt(ctx, 1));
  if (admin.address !== config.admin) fail(ctx, E.Unauthorized, 'only the pool venue admin may create market pools');
  requireProgram(ctx, accountAt(ctx, 7), SYSTEM_PROGRAM, 'system program');
  requireProgram(ctx, accountAt(ctx, 8), ASSOCIATED_TOKEN_PROGRAM, 'associated token program');
  const mintState = isTokenProgram(mint.owner) ? readMint(mint.data) : null;
  if (!mintState?.isInitialized) fail(ctx, E.InvalidAccount, `${mint.address} is not a mint`);
  requireProgram(ctx, tokenProgram, mint.owner, 'token program');
  if (args.tokenAmount <= 0n || args.quoteAmount <= 0n) fail(ctx, E.ZeroAmount, 'a market pool needs both reserves');
  if (args.feeBps > MAX_FEE_BPS) fail(ctx, E.InvalidFeeBps, `fee must be at most ${MAX_FEE_BPS} bps`);
  const expected = poolAddresses(ctx.programId, mint.address, tokenProgram.address, NATIVE_MINT_ID, TOKEN_PROGRAM_ID);
  requireAddress(ctx, poolAccount, expected.pool, 'pool', E.InvalidAccount);
  requireAddress(ctx, tokenVault, expected.poolTokenVault, 'pool token vault', E.InvalidAccount);
  ctx.consume(8_000);

  const pool: Pool = {
    bump: poolPda(ctx.programId, mint.address, NATIVE_MINT_ID)[1],
    kind: 'market',
    mint: mint.address,
    quoteMint: NATIVE_MINT_ID,
    tokenProgram: tokenProgram.address,
    quoteTokenProgram: TOKEN_PROGRAM_ID,
    quoteDecimals: SOL_DECIMALS,
    creator: admin.address,
    mode: 'holder',
    holdersPaid: 'pair',
    hooks: 0,
    feeBps: args.feeBps,
    referralBps: config.referralBps,
    antiSniperLimitBps: 0,
    antiSniperWindowSeconds: 0,
    totalSupply: mintState.supply,
    virtualQuote: 0n,
    tokenReserve: args.tokenAmount,
    quoteReserve: args.quoteAmount,
    accruedFees: 0n,
    claimedFees: 0n,
    launchSlot: ctx.clock.slot,
    launchTimestamp: ctx.clock.unixTimestamp,
    basket: [],
    creatorRecipients: [],
    splitLocked: false,
    referrer: null,
    split: [],
    curve: null,
  };
  createAccount(ctx, admin, poolAccount, POOL_SIZE, ctx.programId, poolSeeds(pool));
  createAssociatedTokenAccount(ctx, admin, tokenVault, poolAccount.address, mint, tokenProgram.address);
  transferTokens(ctx, tokenProgram.address, adminToken, mint, tokenVault, admin.address, args.tokenAmount, mintState.decimals);
  transferLamports(ctx, admin, poolAccount, args.quoteAmount);
  savePool(poolAccount, pool);
  emitPoolCreated(ctx, poolAccount.address, pool, admin.address, { name: '', symbol: '', uri: '' });
}
