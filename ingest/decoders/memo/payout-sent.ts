// Keeper memo `payout` → one `payout.sent` per holder credited by the rewards wallet in the same
// transaction (lamports by System transfer, tokens by balance growth), id `<sig>:payout:<account index>`.
import { factEventId } from '../event-ids.js';
import { draft, type Decoder, type EventDraft } from '../context.js';
import { creditsFrom } from '../shared/transfers.js';
import { keeperMemos } from './keeper-memos.js';

export const decode: Decoder = (tx, ctx) => {
  const out: EventDraft[] = [];
  for (const { memo, signer } of keeperMemos(tx, ctx, 'payout').slice(0, 1)) {
    for (const credit of creditsFrom(tx, signer)) {
      out.push(
        draft(tx, ctx, 'payout.sent', factEventId(tx.signature, 'payout', credit.accountIndex), {
          mint: memo.mint,
          round: memo.round,
          wallet: credit.wallet,
          token: credit.token,
          amount: credit.amount.toString(),
        }),
      );
    }
  }
  return out;
};
