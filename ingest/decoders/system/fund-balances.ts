// Lamport balances → `fund.balance`: the balance after the transaction of each of the service's fund
// wallets whose lamports it changed (fee shares, payouts, burns, anything sent to a fund).
import { lamportBalanceEventId } from '../event-ids.js';
import { draft, type Decoder, type EventDraft } from '../context.js';

export const decode: Decoder = (tx, ctx) => {
  const out: EventDraft[] = [];
  const { preBalances, postBalances } = tx.raw.meta;
  tx.keys.forEach((key, index) => {
    const fund = ctx.funds.get(key);
    const post = postBalances[index];
    if (!fund || post === undefined || post === preBalances[index]) return;
    out.push(draft(tx, ctx, 'fund.balance', lamportBalanceEventId(tx.signature, index), { fund, wallet: key, lamports: post }));
  });
  return out;
};
