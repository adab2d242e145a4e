// Pool-venue ClaimFees (anyone): pays a pool's accrued fees out by its locked split (the holders/creator
// share takes the rounding remainder). Market pools have no split: their fee stays in the reserves.
import { PoolVenueError as E } from '../../../../schemas/programs/pool-venue/constants.js';
import { accountAt, type InstructionContext } from '../../runtime/program.js';
import { fail, requireProgram } from '../launch-shared/checks.js';
import { isSol, payFeeShares } from '../launch-shared/quote-moves.js';
import { checkPoolAccounts, emit, loadPool, poolQuote, poolSeeds, savePool } from './state.js';

export function claimPoolFees(ctx: InstructionContext): void {
  const poolAccount = accountAt(ctx, 0);
  const quoteVault = accountAt(ctx, 1);
  const quoteMint = accountAt(ctx, 2);
  const pool = loadPool(ctx, poolAccount);
  checkPoolAccounts(ctx, pool, { quoteVault, quoteMint });
  const quote = poolQuote(pool, quoteMint);
  if (!isSol(quote)) requireProgram(ctx, accountAt(ctx, 3), pool.quoteTokenProgram, 'quote token program');
  ctx.consume(6_000);
  if (!pool.splitLocked) fail(ctx, E.NoFeeSplit, 'this pool has no fee split');
  const total = pool.accruedFees;
  if (total === 0n) fail(ctx, E.NothingToClaim, 'no fees to claim');
  const destinations = [4, 5, 6, 7, 8].map((i) => accountAt(ctx, i));
  const shares = payFeeShares(ctx, quote, poolAccount, poolSeeds(pool), quoteVault, pool.split, destinations, total, E.InvalidAccount);
  pool.accruedFees = 0n;
  pool.claimedFees += total;
  savePool(poolAccount, pool);
  emit(ctx, 'FeesClaimed', {
    mint: pool.mint,
    market: poolAccount.address,
    quoteMint: pool.quoteMint,
    total,
    shares,
    timestamp: ctx.clock.unixTimestamp,
  });
}
