// Launchpad Buy (exact coins out, capped at what remains on the curve) and Sell (exact coins in), on
// the curve's virtual reserves with curve-math; the fee accrues in the curve apart from the reserves,
// less the referral share paid to an optional referrer on SOL pairs. The last coin sold completes it.
import { COIN_DECIMALS } from '../../../../schemas/programs/coin-rules.js';
import { buyExactOut, referralShare, sellExactIn } from '../../../../schemas/programs/curve-math.js';
import type { Curve } from '../../../../schemas/programs/launchpad/accounts.js';
import { LaunchpadError as E } from '../../../../schemas/programs/launchpad/errors.js';
import type { BuyArgs, SellArgs } from '../../../../schemas/programs/launchpad/instructions.js';
import { accountAt, type AccountView, type InstructionContext } from '../../runtime/program.js';
import { SYSTEM_PROGRAM } from '../../runtime/well-known.js';
import { fail, requireProgram, requireSigner } from '../launch-shared/checks.js';
import { transferTokens } from '../launch-shared/cpi.js';
import { checkAntiSniper, isSol, quoteIn, quoteOut } from '../launch-shared/quote-moves.js';
import { checkCurveAccounts, curveQuote, curveSeeds, emit, loadCurve, saveCurve } from './state.js';

interface TradeAccounts {
  trader: AccountView;
  curveAccount: AccountView;
  tokenVault: AccountView;
  quoteVault: AccountView;
  traderToken: AccountView;
  traderQuote: AccountView;
  mint: AccountView;
  quoteMint: AccountView;
  referrer: AccountView | null;
  curve: Curve;
}

function tradeAccounts(ctx: InstructionContext): TradeAccounts {
  const a = {
    trader: accountAt(ctx, 0),
    curveAccount: accountAt(ctx, 1),
    tokenVault: accountAt(ctx, 2),
    quoteVault: accountAt(ctx, 3),
    traderToken: accountAt(ctx, 4),
    traderQuote: accountAt(ctx, 5),
    mint: accountAt(ctx, 6),
    quoteMint: accountAt(ctx, 7),
    referrer: ctx.accounts[11] ?? null,
  };
  requireSigner(ctx, a.trader, 'trader');
  const curve = loadCurve(ctx, a.curveAccount);
  checkCurveAccounts(ctx, curve, { curve: a.curveAccount, tokenVault: a.tokenVault, quoteVault: a.quoteVault, mint: a.mint, quoteMint: a.quoteMint });
  requireProgram(ctx, accountAt(ctx, 8), curve.tokenProgram, 'token program');
  if (!isSol(curveQuote(curve, a.quoteMint))) requireProgram(ctx, accountAt(ctx, 9), curve.quoteTokenProgram, 'quote token program');
  requireProgram(ctx, accountAt(ctx, 10), SYSTEM_PROGRAM, 'system program');
  if (curve.complete) fail(ctx, E.CurveComplete, 'the curve is complete');
  ctx.consume(9_000);
  return { ...a, curve };
}

/** Referral paid out of the fee: SOL pairs with a referrer account only. */
function referral(a: TradeAccounts, fee: bigint): bigint {
  return a.referrer && isSol(curveQuote(a.curve, a.quoteMint)) ? referralShare(fee, a.curve.referralBps) : 0n;
}

function emitTrade(ctx: InstructionContext, a: TradeAccounts, side: 'buy' | 'sell', tokens: bigint, quote: bigint, fee: bigint, ref: bigint): void {
  const c = a.curve;
  emit(ctx, 'Trade', {
    mint: c.mint,
    curve: a.curveAccount.address,
    trader: a.trader.address,
    side,
    tokenAmount: tokens,
    quoteAmount: quote,
    fee,
    referralFee: ref,
    referrer: ref > 0n && a.referrer ? a.referrer.address : null,
    quoteMint: c.quoteMint,
    virtualQuote: c.virtualQuote,
    virtualToken: c.virtualToken,
    realQuote: c.realQuote,
    realToken: c.realToken,
    accruedFees: c.accruedFees,
    slot: ctx.clock.slot,
    timestamp: ctx.clock.unixTimestamp,
  });
}

export function buy(ctx: InstructionContext, args: BuyArgs): void {
  const a = tradeAccounts(ctx);
  const c = a.curve;
  const tokens = args.tokenAmount < c.realToken ? args.tokenAmount : c.realToken;
  if (tokens <= 0n) fail(ctx, E.ZeroAmount, 'nothing to buy');
  const q = buyExactOut({ quote: c.virtualQuote, token: c.virtualToken }, tokens, c.feeBps);
  if (q.total > args.maxQuoteIn) fail(ctx, E.SlippageExceeded, `buy costs ${q.total}, more than ${args.maxQuoteIn}`);
  const ref = referral(a, q.fee);
  const quote = curveQuote(c, a.quoteMint);
  quoteIn(ctx, quote, a.trader, a.traderQuote, a.quoteVault, q.total - ref);
  if (ref > 0n) quoteIn(ctx, quote, a.trader, a.traderQuote, a.referrer!, ref);
  transferTokens(ctx, c.tokenProgram, a.tokenVault, a.mint, a.traderToken, a.curveAccount.address, tokens, COIN_DECIMALS, curveSeeds(c));
  checkAntiSniper(ctx, c, a.trader.address, a.traderToken, E.AntiSniperLimit);

  c.virtualQuote = q.after.quote;
  c.virtualToken = q.after.token;
  c.realQuote += q.cost;
  c.realToken -= tokens;
  c.accruedFees += q.fee - ref;
  c.complete = c.realToken === 0n;
  saveCurve(a.curveAccount, c);
  emitTrade(ctx, a, 'buy', tokens, q.cost, q.fee, ref);
  if (c.complete) {
    emit(ctx, 'CurveCompleted', {
      mint: c.mint,
      curve: a.curveAccount.address,
      virtualQuote: c.virtualQuote,
      virtualToken: c.virtualToken,
      realQuote: c.realQuote,
      slot: ctx.clock.slot,
      timestamp: ctx.clock.unixTimestamp,
    });
  }
}

export function sell(ctx: InstructionContext, args: SellArgs): void {
  const a = tradeAccounts(ctx);
  const c = a.curve;
  if (args.tokenAmount <= 0n) fail(ctx, E.ZeroAmount, 'nothing to sell');
  const q = sellExactIn({ quote: c.virtualQuote, token: c.virtualToken }, args.tokenAmount, c.feeBps);
  if (q.proceeds > c.realQuote || c.realToken + args.tokenAmount > c.curveAllotment) {
    fail(ctx, E.InsufficientReserves, 'the curve cannot take this sell');
  }
  if (q.net < args.minQuoteOut) fail(ctx, E.SlippageExceeded, `sell pays ${q.net}, less than ${args.minQuoteOut}`);
  const ref = referral(a, q.fee);
  transferTokens(ctx, c.tokenProgram, a.traderToken, a.mint, a.tokenVault, a.trader.address, args.tokenAmount, COIN_DECIMALS);
  const quote = curveQuote(c, a.quoteMint);
  const seeds = curveSeeds(c);
  quoteOut(ctx, quote, a.curveAccount, seeds, a.quoteVault, a.traderQuote, q.net);
  if (ref > 0n) quoteOut(ctx, quote, a.curveAccount, seeds, a.quoteVault, a.referrer!, ref);

  c.virtualQuote = q.after.quote;
  c.virtualToken = q.after.token;
  c.realQuote -= q.proceeds;
  c.realToken += args.tokenAmount;
  c.accruedFees += q.fee - ref;
  saveCurve(a.curveAccount, c);
  emitTrade(ctx, a, 'sell', args.tokenAmount, q.proceeds, q.fee, ref);
}
