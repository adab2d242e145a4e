// Launchpad CreateCoin: checks the coin's settings, creates the curve PDA, the mint (SPL Token, or
// Token-2022 with hooks) with its whole supply in the curve's token vault and the mint authority
// revoked, the curve's quote vault for SPL quotes, writes the Curve and emits CoinCreated.
import {
  COIN_DECIMALS,
  COIN_TOTAL_SUPPLY,
  HOOK_ANTI_SNIPER,
  KNOWN_HOOKS,
  MAX_FEE_BPS,
  metadataError,
  payoutError,
} from '../../../../schemas/programs/coin-rules.js';
import { CURVE_SIZE, type Curve } from '../../../../schemas/programs/launchpad/accounts.js';
import { coinTokenProgram } from '../../../../schemas/programs/launchpad/builders.js';
import { LaunchpadError as E } from '../../../../schemas/programs/launchpad/errors.js';
import type { CreateCoinArgs } from '../../../../schemas/programs/launchpad/instructions.js';
import { curveAddresses, curvePda } from '../../../../schemas/programs/launchpad/pdas.js';
import { isSolQuote } from '../../../../schemas/programs/token-addresses.js';
import { accountAt, type InstructionContext } from '../../runtime/program.js';
import { ASSOCIATED_TOKEN_PROGRAM, SYSTEM_PROGRAM } from '../../runtime/well-known.js';
import { fail, requireAddress, requireProgram, requireSigner } from '../launch-shared/checks.js';
import { createAccount, createAssociatedTokenAccount, mintFixedSupply } from '../launch-shared/cpi.js';
import { curveSeeds, emit, loadGlobal, loadQuoteConfig, saveCurve } from './state.js';

export function createCoin(ctx: InstructionContext, args: CreateCoinArgs): void {
  const payer = accountAt(ctx, 0);
  const creator = accountAt(ctx, 1);
  const mint = accountAt(ctx, 2);
  const curveAccount = accountAt(ctx, 3);
  const tokenVault = accountAt(ctx, 4);
  const quoteVault = accountAt(ctx, 5);
  const quoteMint = accountAt(ctx, 6);
  const globalAccount = accountAt(ctx, 7);
  const quoteConfigAccount = accountAt(ctx, 8);
  const tokenProgram = accountAt(ctx, 9);
  const quoteTokenProgram = accountAt(ctx, 10);
  requireProgram(ctx, accountAt(ctx, 11), SYSTEM_PROGRAM, 'system program');
  requireProgram(ctx, accountAt(ctx, 12), ASSOCIATED_TOKEN_PROGRAM, 'associated token program');
  requireSigner(ctx, payer, 'payer');
  requireSigner(ctx, creator, 'creator');
  requireSigner(ctx, mint, 'mint');

  const textError = metadataError(args.name, args.symbol, args.uri);
  if (textError) fail(ctx, E.InvalidMetadata, textError);
  if (args.feeBps > MAX_FEE_BPS) fail(ctx, E.InvalidFeeBps, `fee must be at most ${MAX_FEE_BPS} bps`);
  const basketProblem = payoutError(args.mode, args.holdersPaid, args.basket);
  if (basketProblem) fail(ctx, E.InvalidBasket, basketProblem);
  if ((args.hooks & ~KNOWN_HOOKS) !== 0) fail(ctx, E.InvalidHooks, `unknown hook flags ${args.hooks}`);
  requireProgram(ctx, tokenProgram, coinTokenProgram(args.hooks), 'token program');

  const global = loadGlobal(ctx, globalAccount);
  const config = loadQuoteConfig(ctx, quoteConfigAccount, quoteMint.address);
  const sol = isSolQuote(quoteMint.address);
  if (!sol) {
    requireProgram(ctx, quoteTokenProgram, config.quoteTokenProgram, 'quote token program');
    if (quoteMint.owner !== config.quoteTokenProgram) fail(ctx, E.InvalidAccount, 'quote mint is not a mint of its token program');
  }
  const expected = curveAddresses(ctx.programId, mint.address, tokenProgram.address, quoteMint.address, config.quoteTokenProgram);
  requireAddress(ctx, curveAccount, expected.curve, 'curve', E.InvalidAccount);
  requireAddress(ctx, tokenVault, expected.curveTokenVault, 'curve token vault', E.InvalidAccount);
  requireAddress(ctx, quoteVault, expected.curveQuoteVault, 'curve quote vault', E.InvalidAccount);
  ctx.consume(12_000);

  const antiSniper = (args.hooks & HOOK_ANTI_SNIPER) !== 0;
  const curve: Curve = {
    bump: curvePda(ctx.programId, mint.address)[1],
    mint: mint.address,
    creator: creator.address,
    quoteMint: quoteMint.address,
    tokenProgram: tokenProgram.address,
    quoteTokenProgram: config.quoteTokenProgram,
    quoteDecimals: config.quoteDecimals,
    mode: args.mode,
    holdersPaid: args.holdersPaid,
    hooks: args.hooks,
    feeBps: args.feeBps,
    referralBps: global.referralBps,
    antiSniperLimitBps: antiSniper ? global.antiSniperLimitBps : 0,
    antiSniperWindowSeconds: antiSniper ? global.antiSniperWindowSeconds : 0,
    totalSupply: COIN_TOTAL_SUPPLY,
    initialVirtualQuote: config.initialVirtualQuote,
    initialVirtualToken: config.initialVirtualToken,
    curveAllotment: config.curveAllotment,
    virtualQuote: config.initialVirtualQuote,
    virtualToken: config.initialVirtualToken,
    realQuote: 0n,
    realToken: config.curveAllotment,
    accruedFees: 0n,
    claimedFees: 0n,
    launchSlot: ctx.clock.slot,
    launchTimestamp: ctx.clock.unixTimestamp,
    basket: args.basket,
    splitLocked: false,
    referrer: null,
    split: [],
    complete: false,
    pool: null,
  };
  const seeds = curveSeeds(curve);
  createAccount(ctx, payer, curveAccount, CURVE_SIZE, ctx.programId, seeds);
  mintFixedSupply(ctx, {
    payer: payer,
    mint: mint,
    vault: tokenVault,
    owner: curveAccount.address,
    seeds,
    tokenProgram: tokenProgram.address,
    decimals: COIN_DECIMALS,
    supply: COIN_TOTAL_SUPPLY,
  });
  if (!sol) createAssociatedTokenAccount(ctx, payer, quoteVault, curveAccount.address, quoteMint, config.quoteTokenProgram);
  saveCurve(curveAccount, curve);

  emit(ctx, 'CoinCreated', {
    mint: curve.mint,
    curve: curveAccount.address,
    creator: curve.creator,
    payer: payer.address,
    quoteMint: curve.quoteMint,
    quoteDecimals: curve.quoteDecimals,
    tokenProgram: curve.tokenProgram,
    mode: curve.mode,
    holdersPaid: curve.holdersPaid,
    hooks: curve.hooks,
    feeBps: curve.feeBps,
    antiSniperLimitBps: curve.antiSniperLimitBps,
    antiSniperWindowSeconds: curve.antiSniperWindowSeconds,
    totalSupply: curve.totalSupply,
    virtualQuote: curve.virtualQuote,
    virtualToken: curve.virtualToken,
    curveAllotment: curve.curveAllotment,
    basket: curve.basket,
    name: args.name,
    symbol: args.symbol,
    uri: args.uri,
    slot: curve.launchSlot,
    timestamp: curve.launchTimestamp,
  });
}
