// Keeper memo `payout-round` → `payout.round`. What the pot bought is read from the same transaction:
// the rewards wallet's pool-venue buys of basket tokens (cost = quote in, fee included); a round with
// no buys pays holders in the pair token, so it "buys" the pot itself in the coin's quote token.
import { memoEventId } from '../event-ids.js';
import { NATIVE_MINT_ID } from '../../../schemas/programs/token-addresses.js';
import { draft, type Decoder } from '../context.js';
import { buysBy } from '../shared/transfers.js';
import { keeperMemos } from './keeper-memos.js';

export const decode: Decoder = (tx, ctx) =>
  keeperMemos(tx, ctx, 'payout-round').map(({ memo, signer, ordinal }) => {
    const buys = buysBy(tx, ctx, signer);
    const quoteMint = ctx.coins.get(memo.mint)?.quoteMint ?? NATIVE_MINT_ID;
    const tokens =
      buys.length > 0
        ? buys.map((buy) => ({ mint: buy.mint, bought: buy.tokenAmount.toString(), cost: (buy.quoteAmount + buy.fee).toString() }))
        : [{ mint: quoteMint, bought: memo.pot, cost: memo.pot }];
    return draft(tx, ctx, 'payout.round', memoEventId(tx.signature, ordinal), {
      mint: memo.mint,
      round: memo.round,
      snapshotSlot: memo.snapshotSlot,
      baselineSlot: memo.baselineSlot,
      holdersCounted: memo.holders,
      potSpent: memo.pot,
      quoteMint,
      paidIn: buys.length > 0 ? 'basket' : 'pair',
      tokens,
    });
  });
