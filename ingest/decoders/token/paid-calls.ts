// Paid calls → `revenue` (api): an x402 settlement is a stablecoin transfer the caller signed and the service's fee
// payer co-signed and paid for. A transaction paid by that fee payer that raised the payment wallet's stablecoin
// balance is one paid call's revenue, in micro-USD (the stablecoin's raw units). A transfer to the payment wallet
// the fee payer did not pay for is not a paid call.
import { factEventId } from '../event-ids.js';
import { draft, type Decoder, type EventDraft } from '../context.js';
import { tokenAccountChanges } from '../shared/token-accounts.js';

export const decode: Decoder = (tx, ctx) => {
  const { wallets, mints } = ctx.config;
  if (tx.feePayer !== wallets.feePayer) return [];
  const out: EventDraft[] = [];
  for (const change of tokenAccountChanges(tx)) {
    if (change.owner !== wallets.payments || change.mint !== mints.stablecoin || change.post <= change.pre) continue;
    out.push(
      draft(tx, ctx, 'revenue', factEventId(tx.signature, 'paid-call', change.accountIndex), {
        kind: 'api',
        amount: (change.post - change.pre).toString(),
        unit: 'micro-usd',
        mint: null,
        quoteMint: null,
      }),
    );
  }
  return out;
};
