// Launchpad ClaimFees → `fees.claimed` and the service's `revenue` (fee share).
import type { Decoder, EventDraft } from '../context.js';
import { eventsNamed, launchpadCalls } from '../program-invocations.js';
import { feesClaimedDrafts } from '../shared/fee-events.js';

export const decode: Decoder = (tx, ctx) => {
  const out: EventDraft[] = [];
  for (const call of launchpadCalls(tx, ctx, ['claimFees'])) {
    for (const { data: event } of eventsNamed(call.events, 'FeesClaimed')) out.push(...feesClaimedDrafts(tx, ctx, call.ix, event));
  }
  return out;
};
