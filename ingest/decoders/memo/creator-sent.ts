// Keeper memo `creator-send` → one `creator.sent` per recipient credited by the creator wallet in the
// same transaction (SOL pairs by System transfer, token pairs by balance growth).
import { factEventId } from '../event-ids.js';
import { draft, type Decoder, type EventDraft } from '../context.js';
import { creditsFrom } from '../shared/transfers.js';
import { keeperMemos } from './keeper-memos.js';

export const decode: Decoder = (tx, ctx) => {
  const out: EventDraft[] = [];
  for (const { memo, signer } of keeperMemos(tx, ctx, 'creator-send').slice(0, 1)) {
    for (const credit of creditsFrom(tx, signer)) {
      out.push(
        draft(tx, ctx, 'creator.sent', factEventId(tx.signature, 'creator-send', credit.accountIndex), {
          mint: memo.mint,
          wallet: credit.wallet,
          quoteMint: credit.token,
          amount: credit.amount.toString(),
        }),
      );
    }
  }
  return out;
};
