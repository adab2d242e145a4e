// Pool-venue CreatePool: a coin launched straight into a SOL pool. Creates the pool PDA, the mint (SPL
// Token, or Token-2022 with hooks) with its whole supply in the pool's vault and the mint authority
// revoked, locks the 70/12/3/10/5 split (liquidity in place of a referrer), and runs the creator's
// optional first buy (exact `buyBps` of supply, at most `maxQuoteIn`) inside the same instruction.
import {
  COIN_DECIMALS,
  COIN_TOTAL_SUPPLY,
  HOOK_ANTI_SNIPER,
  KNOWN_HOOKS,
  MAX_FEE_BPS,
  metadataError,
  payoutError,
  recipientsError,
} from '../../../../schemas/programs/coin-rules.js';
import { buyExactOut } from '../../../../schemas/programs/curve-math.js';
import { buildFeeSplit } from '../../../../schemas/programs/fee-split.js';
import { POOL_SIZE, type Pool } from '../../../../schemas/programs/pool-venue/accounts.js';
import { MAX_FIRST_BUY_BPS, PoolVenueError as E } from '../../../../schemas/programs/pool-venue/constants.js';
import type { CreatePoolArgs } from '../../../../schemas/programs/pool-venue/instructions.js';
import { poolAddresses, poolPda } from '../../../../schemas/programs/pool-venue/pdas.js';
import { associatedTokenAddress, NATIVE_MINT_ID, SOL_DECIMALS } from '../../../../schemas/programs/token-addresses.js';
import { accountAt, type InstructionContext } from '../../runtime/program.js';
import { ASSOCIATED_TOKEN_PROGRAM, SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../runtime/well-known.js';
import { fail, requireAddress, requireProgram, requireSigner } from '../launch-shared/checks.js';
import { createAccount, createAssociatedTokenAccount, mintFixedSupply } from '../launch-shared/cpi.js';
import { emitPoolCreated, loadConfig, poolSeeds, savePool } from './state.js';
import { settleBuy } from './swap.js';

function validate(ctx: InstructionContext, args: CreatePoolArgs): void {
  const textError = metadataError(args.name, args.symbol, args.uri);
  if (textError) fail(ctx, E.InvalidMetadata, textError);
  if (args.feeBps > MAX_FEE_BPS) fail(ctx, E.InvalidFeeBps, `fee must be at most ${MAX_FEE_BPS} bps`);
  const basketProblem = payoutError(args.mode, args.basket.length > 0 ? 'basket' : 'pair', args.basket);
  if (basketProblem) fail(ctx, E.InvalidBasket, basketProblem);
  const recipientProblem = recipientsError(args.recipients);
  if (recipientProblem) fail(ctx, E.InvalidRecipients, recipientProblem);
  if (args.mode === 'holder' && args.recipients.length > 0) fail(ctx, E.InvalidRecipients, 'recipients are for creator-mode coins');
  if ((args.hooks & ~KNOWN_HOOKS) !== 0) fail(ctx, E.InvalidHooks, `unknown hook flags ${args.hooks}`);
  if (args.buyBps > MAX_FIRST_BUY_BPS) fail(ctx, E.InvalidBuyBps, `first buy must be at most ${MAX_FIRST_BUY_BPS} bps of supply`);
}

export function createPool(ctx: InstructionContext, args: CreatePoolArgs): void {
  const payer = accountAt(ctx, 0);
  const creator = accountAt(ctx, 1);
  const mint = accountAt(ctx, 2);
  const poolAccount = accountAt(ctx, 3);
  const tokenVault = accountAt(ctx, 4);
  const creatorToken = accountAt(ctx, 5);
  const tokenProgram = accountAt(ctx, 7);
  requireSigner(ctx, payer, 'payer');
  requireSigner(ctx, creator, 'creator');
  requireSigner(ctx, mint, 'mint');
  validate(ctx, args);
  const config = loadConfig(ctx, accountAt(ctx, 6));
  requireProgram(ctx, tokenProgram, args.hooks !== 0 ? TOKEN_2022_PROGRAM : TOKEN_PROGRAM, 'token program');
  requireProgram(ctx, accountAt(ctx, 8), SYSTEM_PROGRAM, 'system program');
  requireProgram(ctx, accountAt(ctx, 9), ASSOCIATED_TOKEN_PROGRAM, 'associated token program');
  const expected = poolAddresses(ctx.programId, mint.address, tokenProgram.address, NATIVE_MINT_ID, TOKEN_PROGRAM);
  requireAddress(ctx, poolAccount, expected.pool, 'pool', E.InvalidAccount);
  requireAddress(ctx, tokenVault, expected.poolTokenVault, 'pool token vault', E.InvalidAccount);
  requireAddress(ctx, creatorToken, associatedTokenAddress(creator.address, mint.address, tokenProgram.address), 'creator token account', E.InvalidAccount);
  ctx.consume(14_000);

  const antiSniper = (args.hooks & HOOK_ANTI_SNIPER) !== 0;
  const pool: Pool = {
    bump: poolPda(ctx.programId, mint.address, NATIVE_MINT_ID)[1],
    kind: 'launch',
    mint: mint.address,
    quoteMint: NATIVE_MINT_ID,
    tokenProgram: tokenProgram.address,
    quoteTokenProgram: TOKEN_PROGRAM,
    quoteDecimals: SOL_DECIMALS,
    creator: creator.address,
    mode: args.mode,
    holdersPaid: args.basket.length > 0 ? 'basket' : 'pair',
    hooks: args.hooks,
    feeBps: args.feeBps,
    referralBps: config.referralBps,
    antiSniperLimitBps: antiSniper ? config.antiSniperLimitBps : 0,
    antiSniperWindowSeconds: antiSniper ? config.antiSniperWindowSeconds : 0,
    totalSupply: COIN_TOTAL_SUPPLY,
    virtualQuote: config.launchVirtualQuote,
    tokenReserve: COIN_TOTAL_SUPPLY,
    quoteReserve: 0n,
    accruedFees: 0n,
    claimedFees: 0n,
    launchSlot: ctx.clock.slot,
    launchTimestamp: ctx.clock.unixTimestamp,
    basket: args.basket,
    creatorRecipients: args.mode === 'creator' && args.recipients.length === 0 ? [{ wallet: creator.address, bps: 10_000 }] : args.recipients,
    splitLocked: true,
    referrer: null,
    split: buildFeeSplit(args.mode, config, null),
    curve: null,
  };
  const seeds = poolSeeds(pool);
  createAccount(ctx, payer, poolAccount, POOL_SIZE, ctx.programId, seeds);
  mintFixedSupply(ctx, {
    payer,
    mint,
    vault: tokenVault,
    owner: poolAccount.address,
    seeds,
    tokenProgram: tokenProgram.address,
    decimals: COIN_DECIMALS,
    supply: COIN_TOTAL_SUPPLY,
  });
  savePool(poolAccount, pool);
  emitPoolCreated(ctx, poolAccount.address, pool, payer.address, { name: args.name, symbol: args.symbol, uri: args.uri });

  if (args.buyBps === 0) return;
  const tokens = (COIN_TOTAL_SUPPLY * BigInt(args.buyBps)) / 10_000n;
  const q = buyExactOut({ quote: pool.virtualQuote, token: pool.tokenReserve }, tokens, pool.feeBps);
  if (q.total > args.maxQuoteIn) fail(ctx, E.SlippageExceeded, `first buy costs ${q.total}, more than ${args.maxQuoteIn}`);
  createAssociatedTokenAccount(ctx, payer, creatorToken, creator.address, mint, tokenProgram.address);
  const quote = { mint: NATIVE_MINT_ID, mintAccount: null, tokenProgram: TOKEN_PROGRAM, decimals: SOL_DECIMALS };
  settleBuy(
    ctx,
    { trader: creator, poolAccount, tokenVault, quoteVault: poolAccount, traderToken: creatorToken, traderQuote: creator, mint, quote, referrer: null, pool },
    q,
    0n,
  );
}
