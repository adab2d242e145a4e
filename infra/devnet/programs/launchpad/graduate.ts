// Launchpad Graduate (anyone, once the curve is complete): locks the default split if the creator never
// did, has the pool venue create the locked pool by CPI signed by the curve PDA, then moves the curve's
// remaining coins and its real quote into the pool's vaults. Accrued fees stay claimable on the curve.
import { COIN_DECIMALS } from '../../../../schemas/programs/coin-rules.js';
import { LaunchpadError as E } from '../../../../schemas/programs/launchpad/errors.js';
import { encodePoolVenueInstruction } from '../../../../schemas/programs/pool-venue/instructions.js';
import { poolAddresses } from '../../../../schemas/programs/pool-venue/pdas.js';
import { accountAt, type InstructionContext } from '../../runtime/program.js';
import { ASSOCIATED_TOKEN_PROGRAM, SYSTEM_PROGRAM } from '../../runtime/well-known.js';
import { fail, requireAddress, requireProgram, requireSigner } from '../launch-shared/checks.js';
import { tokenBalance, transferTokens } from '../launch-shared/cpi.js';
import { quoteOut } from '../launch-shared/quote-moves.js';
import { applySplit } from './fees.js';
import { checkCurveAccounts, curveQuote, curveSeeds, emit, loadCurve, loadGlobal, saveCurve, type LaunchpadIds } from './state.js';

export function graduate(ctx: InstructionContext, ids: LaunchpadIds): void {
  const payer = accountAt(ctx, 0);
  const curveAccount = accountAt(ctx, 1);
  const tokenVault = accountAt(ctx, 2);
  const quoteVault = accountAt(ctx, 3);
  const mint = accountAt(ctx, 4);
  const quoteMint = accountAt(ctx, 5);
  const pool = accountAt(ctx, 6);
  const poolTokenVault = accountAt(ctx, 7);
  const poolQuoteVault = accountAt(ctx, 8);
  requireSigner(ctx, payer, 'payer');
  const curve = loadCurve(ctx, curveAccount);
  checkCurveAccounts(ctx, curve, { curve: curveAccount, tokenVault, quoteVault, mint, quoteMint });
  requireProgram(ctx, accountAt(ctx, 9), curve.tokenProgram, 'token program');
  requireProgram(ctx, accountAt(ctx, 10), curve.quoteTokenProgram, 'quote token program');
  requireProgram(ctx, accountAt(ctx, 11), SYSTEM_PROGRAM, 'system program');
  requireProgram(ctx, accountAt(ctx, 12), ASSOCIATED_TOKEN_PROGRAM, 'associated token program');
  requireProgram(ctx, accountAt(ctx, 13), ids.poolVenue, 'pool venue program');
  const global = loadGlobal(ctx, accountAt(ctx, 14));
  if (curve.pool) fail(ctx, E.AlreadyGraduated, 'the coin has already graduated');
  if (!curve.complete) fail(ctx, E.CurveNotComplete, 'the curve is not complete');
  const expected = poolAddresses(ids.poolVenue, curve.mint, curve.tokenProgram, curve.quoteMint, curve.quoteTokenProgram);
  requireAddress(ctx, pool, expected.pool, 'pool', E.InvalidAccount);
  requireAddress(ctx, poolTokenVault, expected.poolTokenVault, 'pool token vault', E.InvalidAccount);
  requireAddress(ctx, poolQuoteVault, expected.poolQuoteVault, 'pool quote vault', E.InvalidAccount);
  ctx.consume(15_000);

  if (!curve.splitLocked) applySplit(ctx, curve, curveAccount, global, null);
  const tokenAmount = tokenBalance(tokenVault) ?? 0n;
  const quoteAmount = curve.realQuote;
  curve.pool = pool.address;
  saveCurve(curveAccount, curve);

  const seeds = curveSeeds(curve);
  const m = (address: string, isSigner: boolean, isWritable: boolean) => ({ address: address as typeof pool.address, isSigner, isWritable });
  ctx.invoke(
    {
      programId: ids.poolVenue,
      accounts: [
        m(payer.address, true, true),
        m(curveAccount.address, true, false),
        m(pool.address, false, true),
        m(poolTokenVault.address, false, true),
        m(poolQuoteVault.address, false, true),
        m(mint.address, false, false),
        m(quoteMint.address, false, false),
        m(curve.tokenProgram, false, false),
        m(curve.quoteTokenProgram, false, false),
        m(SYSTEM_PROGRAM, false, false),
        m(ASSOCIATED_TOKEN_PROGRAM, false, false),
      ],
      data: encodePoolVenueInstruction({ kind: 'createLockedPool', args: { tokenAmount, quoteAmount } }),
    },
    [seeds],
  );
  transferTokens(ctx, curve.tokenProgram, tokenVault, mint, poolTokenVault, curveAccount.address, tokenAmount, COIN_DECIMALS, seeds);
  quoteOut(ctx, curveQuote(curve, quoteMint), curveAccount, seeds, quoteVault, poolQuoteVault, quoteAmount);

  curve.realQuote = 0n;
  saveCurve(curveAccount, curve);
  emit(ctx, 'Graduated', {
    mint: curve.mint,
    curve: curveAccount.address,
    pool: pool.address,
    tokenAmount,
    quoteAmount,
    timestamp: ctx.clock.unixTimestamp,
  });
}
