// Launchpad LockFeeSplit (the creator fixes the five-way split once, naming an optional referrer) and
// ClaimFees (anyone pays the curve's accrued fees out by the locked split; the holders/creator share
// takes the rounding remainder).
import type { Address } from '@solana/kit';
import { buildFeeSplit } from '../../../../schemas/programs/fee-split.js';
import type { Curve } from '../../../../schemas/programs/launchpad/accounts.js';
import { LaunchpadError as E } from '../../../../schemas/programs/launchpad/errors.js';
import type { LockFeeSplitArgs } from '../../../../schemas/programs/launchpad/instructions.js';
import { accountAt, type AccountView, type InstructionContext } from '../../runtime/program.js';
import { fail, requireProgram, requireSigner } from '../launch-shared/checks.js';
import { isSol, payFeeShares } from '../launch-shared/quote-moves.js';
import type { LaunchpadGlobal } from '../../../../schemas/programs/launchpad/accounts.js';
import { checkCurveAccounts, curveQuote, curveSeeds, emit, loadCurve, loadGlobal, saveCurve } from './state.js';

/** Lock the split on the curve (in memory) and emit FeeSplitLocked. */
export function applySplit(ctx: InstructionContext, curve: Curve, curveAccount: AccountView, global: LaunchpadGlobal, referrer: Address | null): void {
  curve.split = buildFeeSplit(curve.mode, global, referrer);
  curve.referrer = referrer;
  curve.splitLocked = true;
  emit(ctx, 'FeeSplitLocked', {
    mint: curve.mint,
    market: curveAccount.address,
    referrer,
    recipients: curve.split,
    timestamp: ctx.clock.unixTimestamp,
  });
}

export function lockFeeSplit(ctx: InstructionContext, args: LockFeeSplitArgs): void {
  const creator = accountAt(ctx, 0);
  const curveAccount = accountAt(ctx, 1);
  requireSigner(ctx, creator, 'creator');
  const curve = loadCurve(ctx, curveAccount);
  const global = loadGlobal(ctx, accountAt(ctx, 2));
  ctx.consume(4_000);
  if (creator.address !== curve.creator) fail(ctx, E.Unauthorized, 'only the coin creator may lock its fee split');
  if (curve.splitLocked) fail(ctx, E.SplitAlreadyLocked, 'the fee split is already locked');
  if (args.referrer === creator.address) fail(ctx, E.Unauthorized, 'a creator cannot refer itself');
  applySplit(ctx, curve, curveAccount, global, args.referrer);
  saveCurve(curveAccount, curve);
}

export function claimFees(ctx: InstructionContext): void {
  const curveAccount = accountAt(ctx, 0);
  const quoteVault = accountAt(ctx, 1);
  const quoteMint = accountAt(ctx, 2);
  const curve = loadCurve(ctx, curveAccount);
  checkCurveAccounts(ctx, curve, { curve: curveAccount, quoteVault, quoteMint });
  const quote = curveQuote(curve, quoteMint);
  if (!isSol(quote)) requireProgram(ctx, accountAt(ctx, 3), curve.quoteTokenProgram, 'quote token program');
  ctx.consume(6_000);
  if (!curve.splitLocked) fail(ctx, E.SplitNotLocked, 'the fee split is not locked yet');
  const total = curve.accruedFees;
  if (total === 0n) fail(ctx, E.NothingToClaim, 'no fees to claim');
  const destinations = [4, 5, 6, 7, 8].map((i) => accountAt(ctx, i));
  const shares = payFeeShares(ctx, quote, curveAccount, curveSeeds(curve), quoteVault, curve.split, destinations, total, E.InvalidAccount);
  curve.accruedFees = 0n;
  curve.claimedFees += total;
  saveCurve(curveAccount, curve);
  emit(ctx, 'FeesClaimed', {
    mint: curve.mint,
    market: curveAccount.address,
    quoteMint: curve.quoteMint,
    total,
    shares,
    timestamp: ctx.clock.unixTimestamp,
  });
}
