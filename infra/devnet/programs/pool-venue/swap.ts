// Pool-venue Swap: exact in on constant product (virtual + real quote against the token reserve), fee
// on the quote side. Launch and graduated pools accrue the fee apart from the reserves for the split;
// market pools keep it in the reserves. The referral share of the fee goes to an optional referrer
// (SOL pools). The settlement of a buy is shared with CreatePool's first buy.
import { buyExactIn, referralShare, sellExactIn, type BuyQuote } from '../../../../schemas/programs/curve-math.js';
import { poolReserves, type Pool } from '../../../../schemas/programs/pool-venue/accounts.js';
import { PoolVenueError as E } from '../../../../schemas/programs/pool-venue/constants.js';
import type { SwapArgs } from '../../../../schemas/programs/pool-venue/instructions.js';
import { accountAt, type AccountView, type InstructionContext } from '../../runtime/program.js';
import { SYSTEM_PROGRAM } from '../../runtime/well-known.js';
import { fail, requireProgram, requireSigner } from '../launch-shared/checks.js';
import { mintDecimals, transferTokens } from '../launch-shared/cpi.js';
import { checkAntiSniper, isSol, quoteIn, quoteOut, type QuoteToken } from '../launch-shared/quote-moves.js';
import { checkPoolAccounts, emit, loadPool, poolQuote, poolSeeds, savePool } from './state.js';

export interface SwapAccounts {
  trader: AccountView;
  poolAccount: AccountView;
  tokenVault: AccountView;
  quoteVault: AccountView;
  traderToken: AccountView;
  traderQuote: AccountView;
  mint: AccountView;
  quote: QuoteToken;
  referrer: AccountView | null;
  pool: Pool;
}

function swapAccounts(ctx: InstructionContext): SwapAccounts {
  const a = {
    trader: accountAt(ctx, 0),
    poolAccount: accountAt(ctx, 1),
    tokenVault: accountAt(ctx, 2),
    quoteVault: accountAt(ctx, 3),
    traderToken: accountAt(ctx, 4),
    traderQuote: accountAt(ctx, 5),
    mint: accountAt(ctx, 6),
    referrer: ctx.accounts[11] ?? null,
  };
  const quoteMint = accountAt(ctx, 7);
  requireSigner(ctx, a.trader, 'trader');
  const pool = loadPool(ctx, a.poolAccount);
  checkPoolAccounts(ctx, pool, { tokenVault: a.tokenVault, quoteVault: a.quoteVault, mint: a.mint, quoteMint });
  const quote = poolQuote(pool, quoteMint);
  requireProgram(ctx, accountAt(ctx, 8), pool.tokenProgram, 'token program');
  if (!isSol(quote)) requireProgram(ctx, accountAt(ctx, 9), pool.quoteTokenProgram, 'quote token program');
  requireProgram(ctx, accountAt(ctx, 10), SYSTEM_PROGRAM, 'system program');
  ctx.consume(8_000);
  return { ...a, quote, pool };
}

function referral(a: SwapAccounts, fee: bigint): bigint {
  return a.referrer && isSol(a.quote) ? referralShare(fee, a.pool.referralBps) : 0n;
}

function emitSwap(ctx: InstructionContext, a: SwapAccounts, side: 'buy' | 'sell', tokens: bigint, quote: bigint, fee: bigint, ref: bigint): void {
  const p = a.pool;
  emit(ctx, 'Swap', {
    pool: a.poolAccount.address,
    mint: p.mint,
    quoteMint: p.quoteMint,
    trader: a.trader.address,
    side,
    tokenAmount: tokens,
    quoteAmount: quote,
    fee,
    referralFee: ref,
    referrer: ref > 0n && a.referrer ? a.referrer.address : null,
    virtualQuote: p.virtualQuote,
    tokenReserve: p.tokenReserve,
    quoteReserve: p.quoteReserve,
    accruedFees: p.accruedFees,
    slot: ctx.clock.slot,
    timestamp: ctx.clock.unixTimestamp,
  });
}

/** Move a priced buy: quote in (less the referral, paid to the referrer), coins out, state, event. */
export function settleBuy(ctx: InstructionContext, a: SwapAccounts, q: BuyQuote, ref: bigint): void {
  const p = a.pool;
  const quote = a.quote;
  quoteIn(ctx, quote, a.trader, a.traderQuote, a.quoteVault, q.total - ref);
  if (ref > 0n) quoteIn(ctx, quote, a.trader, a.traderQuote, a.referrer!, ref);
  transferTokens(ctx, p.tokenProgram, a.tokenVault, a.mint, a.traderToken, a.poolAccount.address, q.tokens, mintDecimals(a.mint), poolSeeds(p));
  checkAntiSniper(ctx, p, a.trader.address, a.traderToken, E.AntiSniperLimit);
  p.tokenReserve -= q.tokens;
  if (p.kind === 'market') p.quoteReserve += q.cost + q.fee - ref;
  else {
    p.quoteReserve += q.cost;
    p.accruedFees += q.fee - ref;
  }
  savePool(a.poolAccount, p);
  emitSwap(ctx, a, 'buy', q.tokens, q.cost, q.fee, ref);
}

export function swap(ctx: InstructionContext, args: SwapArgs): void {
  const a = swapAccounts(ctx);
  const p = a.pool;
  if (args.amountIn <= 0n) fail(ctx, E.ZeroAmount, 'nothing to swap');
  if (args.side === 'buy') {
    const q = buyExactIn(poolReserves(p), args.amountIn, p.feeBps);
    if (q.tokens <= 0n || q.tokens < args.minOut) fail(ctx, E.SlippageExceeded, `buy gives ${q.tokens}, less than ${args.minOut}`);
    settleBuy(ctx, a, q, referral(a, q.fee));
    return;
  }
  const q = sellExactIn(poolReserves(p), args.amountIn, p.feeBps);
  const ref = referral(a, q.fee);
  const leaving = p.kind === 'market' ? q.net + ref : q.proceeds;
  if (leaving > p.quoteReserve) fail(ctx, E.InsufficientReserves, 'the pool cannot take this sell');
  if (q.net < args.minOut) fail(ctx, E.SlippageExceeded, `sell pays ${q.net}, less than ${args.minOut}`);
  transferTokens(ctx, p.tokenProgram, a.traderToken, a.mint, a.tokenVault, a.trader.address, args.amountIn, mintDecimals(a.mint));
  const quote = a.quote;
  const seeds = poolSeeds(p);
  quoteOut(ctx, quote, a.poolAccount, seeds, a.quoteVault, a.traderQuote, q.net);
  if (ref > 0n) quoteOut(ctx, quote, a.poolAccount, seeds, a.quoteVault, a.referrer!, ref);
  p.tokenReserve += args.amountIn;
  p.quoteReserve -= leaving;
  if (p.kind !== 'market') p.accruedFees += q.fee - ref;
  savePool(a.poolAccount, p);
  emitSwap(ctx, a, 'sell', args.amountIn, q.proceeds, q.fee, ref);
}
