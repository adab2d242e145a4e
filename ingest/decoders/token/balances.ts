// Token balances → `token.balance_changed`: one event per token account of a known coin whose amount
// changed in the transaction, whatever moved it (trades, launches, graduations and plain wallet-to-
// wallet transfers that touch no program of ours). Read from the pre/post token balances, so the
// instruction that moved the coins does not matter.
import { tokenBalanceEventId } from '../event-ids.js';
import { draft, type Decoder, type EventDraft } from '../context.js';
import { tokenProgramName } from '../shared/launch-data.js';
import { tokenAccountChanges } from '../shared/token-accounts.js';

export const decode: Decoder = (tx, ctx) => {
  const out: EventDraft[] = [];
  for (const change of tokenAccountChanges(tx)) {
    if (change.pre === change.post || !ctx.coins.has(change.mint)) continue;
    const tokenProgram = tokenProgramName(change.programId);
    if (!tokenProgram) continue;
    out.push(
      draft(tx, ctx, 'token.balance_changed', tokenBalanceEventId(tx.signature, change.accountIndex), {
        mint: change.mint,
        owner: change.owner,
        tokenAccount: change.account,
        tokenProgram,
        decimals: change.decimals,
        pre: change.pre.toString(),
        post: change.post.toString(),
        delta: (change.post - change.pre).toString(),
      }),
    );
  }
  return out;
};
