// The fee events both programs emit: FeeSplitLocked (coin.fee_split_locked) and FeesClaimed
// (fees.claimed, plus a `revenue` fee-share event for the service's share: lamports on SOL pairs,
// raw quote units otherwise).
import { instructionEventId } from '../event-ids.js';
import type { FeesClaimedEvent, FeeSplitLockedEvent } from '../../../schemas/programs/launchpad/events.js';
import { isSolQuote } from '../../../schemas/programs/token-addresses.js';
import { draft, type DecodeContext, type DraftOf, type EventDraft } from '../context.js';
import type { Invocation, TxView } from '../tx-view.js';

/** `part` names the event when it is not its instruction's main one (ids stay unique and stable). */
export function feeSplitDraft(tx: TxView, ctx: DecodeContext, ix: Invocation, event: FeeSplitLockedEvent, part?: string): DraftOf<'coin.fee_split_locked'> {
  return draft(tx, ctx, 'coin.fee_split_locked', instructionEventId(tx.signature, ix.path, part), {
    mint: event.mint,
    referrer: event.referrer,
    recipients: event.recipients.map((r) => ({ role: r.role, wallet: r.wallet, bps: r.bps })),
  });
}

export function feesClaimedDrafts(tx: TxView, ctx: DecodeContext, ix: Invocation, event: FeesClaimedEvent): EventDraft[] {
  const out: EventDraft[] = [
    draft(tx, ctx, 'fees.claimed', instructionEventId(tx.signature, ix.path), {
      mint: event.mint,
      market: event.market,
      quoteMint: event.quoteMint,
      total: event.total.toString(),
      shares: event.shares.map((s) => ({ role: s.role, wallet: s.wallet, amount: s.amount.toString() })),
    }),
  ];
  const service = event.shares.filter((s) => s.role === 'service').reduce((sum, s) => sum + s.amount, 0n);
  if (service > 0n) {
    const sol = isSolQuote(event.quoteMint);
    out.push(
      draft(tx, ctx, 'revenue', instructionEventId(tx.signature, ix.path, 'revenue'), {
        kind: 'fee-share',
        amount: service.toString(),
        unit: sol ? 'lamports' : 'quote',
        mint: event.mint,
        quoteMint: sol ? null : event.quoteMint,
      }),
    );
  }
  return out;
}
