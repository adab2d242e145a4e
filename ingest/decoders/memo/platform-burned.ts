// Keeper memo `burn` → `platform.burned`: platform tokens burned (SPL Burn/BurnChecked of the platform
// mint), the lamports the burn fund spent buying them (its pool-venue buys, fee included) and the
// fund's lamports afterwards.
import { memoEventId } from '../event-ids.js';
import { draft, type Decoder, type EventDraft } from '../context.js';
import { burnedAmount, buysBy } from '../shared/transfers.js';
import { keeperMemos } from './keeper-memos.js';

export const decode: Decoder = (tx, ctx) => {
  const out: EventDraft[] = [];
  const platformMint = ctx.config.mints.platformToken;
  const fund = ctx.config.wallets.burnFund;
  for (const { ordinal } of keeperMemos(tx, ctx, 'burn').slice(0, 1)) {
    const burned = burnedAmount(tx, platformMint);
    const after = tx.raw.meta.postBalances[tx.keys.indexOf(fund)];
    if (burned === 0n || after === undefined) continue;
    const spent = buysBy(tx, ctx, fund)
      .filter((buy) => buy.mint === platformMint)
      .reduce((sum, buy) => sum + buy.quoteAmount + buy.fee, 0n);
    out.push(
      draft(tx, ctx, 'platform.burned', memoEventId(tx.signature, ordinal), {
        platformMint,
        amount: burned.toString(),
        solCost: spent.toString(),
        burnFundLamportsAfter: after,
      }),
    );
  }
  return out;
};
