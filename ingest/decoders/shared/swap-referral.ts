// Swap referrals: a trade placed through the service's own swap front end names the service's referral
// wallet (the treasury, where the service's fee share lands too) as its referrer, and the program pays that
// wallet the trade's referral fee out of the trade fee. Such a trade also yields a `revenue` (swap-referral)
// event beside its `trade`, named `swap-referral` after the trade's id; trades referred by anyone else earn
// the service nothing.
import type { Address } from '@solana/kit';
import { isSolQuote } from '../../../schemas/programs/token-addresses.js';
import { draft, type DecodeContext, type DraftOf, type EventDraft } from '../context.js';
import { instructionEventId } from '../event-ids.js';
import type { IngestConfig } from '../../ingest-config.js';
import type { Invocation, TxView } from '../tx-view.js';

type TradeData = DraftOf<'trade'>['data'];

/** The wallet the service's swap front end names as every trade's referrer. */
export function swapReferralWallet(config: IngestConfig): Address {
  return config.wallets.treasury;
}

/** The service's referral revenue from one trade, or null when the trade paid the service no referral. */
export function swapReferralDraft(tx: TxView, ctx: DecodeContext, ix: Invocation, trade: TradeData): DraftOf<'revenue'> | null {
  if (trade.referrer !== swapReferralWallet(ctx.config) || trade.referralFee === '0') return null;
  const sol = isSolQuote(trade.quoteMint as Address);
  return draft(tx, ctx, 'revenue', instructionEventId(tx.signature, ix.path, 'swap-referral'), {
    kind: 'swap-referral',
    amount: trade.referralFee,
    unit: sol ? 'lamports' : 'quote',
    mint: trade.mint,
    quoteMint: sol ? null : trade.quoteMint,
  });
}

/** Push a trade and, when the service referred it, its referral revenue. */
export function pushTrade(out: EventDraft[], tx: TxView, ctx: DecodeContext, ix: Invocation, id: string, trade: TradeData): void {
  out.push(draft(tx, ctx, 'trade', id, trade));
  if (trade.referrer === null) return;
  const revenue = swapReferralDraft(tx, ctx, ix, trade);
  if (revenue) out.push(revenue);
}
