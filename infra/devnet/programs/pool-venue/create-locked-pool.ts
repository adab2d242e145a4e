// Pool-venue CreateLockedPool: only by CPI from the launchpad's Graduate, signed by the coin's curve
// PDA. Creates the graduated pool and its vaults and records the reserves the launchpad deposits right
// after in the same instruction; the pool inherits the curve's mode, fee, basket, hooks and locked split.
import { decodeCurve } from '../../../../schemas/programs/launchpad/accounts.js';
import { curvePda } from '../../../../schemas/programs/launchpad/pdas.js';
import { POOL_SIZE, type Pool } from '../../../../schemas/programs/pool-venue/accounts.js';
import { PoolVenueError as E } from '../../../../schemas/programs/pool-venue/constants.js';
import type { CreateLockedPoolArgs } from '../../../../schemas/programs/pool-venue/instructions.js';
import { poolAddresses, poolPda } from '../../../../schemas/programs/pool-venue/pdas.js';
import { isSolQuote } from '../../../../schemas/programs/token-addresses.js';
import { accountAt, type InstructionContext } from '../../runtime/program.js';
import { ASSOCIATED_TOKEN_PROGRAM, SYSTEM_PROGRAM } from '../../runtime/well-known.js';
import { fail, requireAddress, requireProgram, requireSigner } from '../launch-shared/checks.js';
import { createAccount, createAssociatedTokenAccount } from '../launch-shared/cpi.js';
import { emitPoolCreated, poolSeeds, savePool, type PoolVenueIds } from './state.js';

export function createLockedPool(ctx: InstructionContext, ids: PoolVenueIds, args: CreateLockedPoolArgs): void {
  const payer = accountAt(ctx, 0);
  const curveAccount = accountAt(ctx, 1);
  const poolAccount = accountAt(ctx, 2);
  const tokenVault = accountAt(ctx, 3);
  const quoteVault = accountAt(ctx, 4);
  const mint = accountAt(ctx, 5);
  const quoteMint = accountAt(ctx, 6);
  requireSigner(ctx, payer, 'payer');
  requireSigner(ctx, curveAccount, 'curve');
  const curve = curveAccount.owner === ids.launchpad ? decodeCurve(curveAccount.data) : null;
  if (!curve || curvePda(ids.launchpad, curve.mint)[0] !== curveAccount.address) {
    fail(ctx, E.NotLaunchpadCurve, 'locked pools are created by a launchpad curve only');
  }
  requireAddress(ctx, mint, curve.mint, 'mint', E.InvalidAccount);
  requireAddress(ctx, quoteMint, curve.quoteMint, 'quote mint', E.InvalidAccount);
  requireProgram(ctx, accountAt(ctx, 7), curve.tokenProgram, 'token program');
  requireProgram(ctx, accountAt(ctx, 8), curve.quoteTokenProgram, 'quote token program');
  requireProgram(ctx, accountAt(ctx, 9), SYSTEM_PROGRAM, 'system program');
  requireProgram(ctx, accountAt(ctx, 10), ASSOCIATED_TOKEN_PROGRAM, 'associated token program');
  const expected = poolAddresses(ctx.programId, curve.mint, curve.tokenProgram, curve.quoteMint, curve.quoteTokenProgram);
  requireAddress(ctx, poolAccount, expected.pool, 'pool', E.InvalidAccount);
  requireAddress(ctx, tokenVault, expected.poolTokenVault, 'pool token vault', E.InvalidAccount);
  requireAddress(ctx, quoteVault, expected.poolQuoteVault, 'pool quote vault', E.InvalidAccount);
  if (args.tokenAmount <= 0n || args.quoteAmount <= 0n) fail(ctx, E.ZeroAmount, 'a locked pool needs both reserves');
  ctx.consume(10_000);

  const pool: Pool = {
    bump: poolPda(ctx.programId, curve.mint, curve.quoteMint)[1],
    kind: 'graduated',
    mint: curve.mint,
    quoteMint: curve.quoteMint,
    tokenProgram: curve.tokenProgram,
    quoteTokenProgram: curve.quoteTokenProgram,
    quoteDecimals: curve.quoteDecimals,
    creator: curve.creator,
    mode: curve.mode,
    holdersPaid: curve.holdersPaid,
    hooks: curve.hooks,
    feeBps: curve.feeBps,
    referralBps: curve.referralBps,
    antiSniperLimitBps: curve.antiSniperLimitBps,
    antiSniperWindowSeconds: curve.antiSniperWindowSeconds,
    totalSupply: curve.totalSupply,
    virtualQuote: 0n,
    tokenReserve: args.tokenAmount,
    quoteReserve: args.quoteAmount,
    accruedFees: 0n,
    claimedFees: 0n,
    launchSlot: curve.launchSlot,
    launchTimestamp: curve.launchTimestamp,
    basket: curve.basket,
    creatorRecipients: curve.mode === 'creator' ? [{ wallet: curve.creator, bps: 10_000 }] : [],
    splitLocked: curve.splitLocked,
    referrer: curve.referrer,
    split: curve.split,
    curve: curveAccount.address,
  };
  createAccount(ctx, payer, poolAccount, POOL_SIZE, ctx.programId, poolSeeds(pool));
  createAssociatedTokenAccount(ctx, payer, tokenVault, poolAccount.address, mint, curve.tokenProgram);
  if (!isSolQuote(curve.quoteMint)) createAssociatedTokenAccount(ctx, payer, quoteVault, poolAccount.address, quoteMint, curve.quoteTokenProgram);
  savePool(poolAccount, pool);
  emitPoolCreated(ctx, poolAccount.address, pool, payer.address, { name: '', symbol: '', uri: '' });
}
