// Launchpad LockFeeSplit → `coin.fee_split_locked`. Graduate locks the default split when the creator
// never did; that event is named `fee-split` beside the graduation.
import { feeSplitDraft } from '../shared/fee-events.js';
import type { Decoder, EventDraft } from '../context.js';
import { eventsNamed, launchpadCalls } from '../program-invocations.js';

export const decode: Decoder = (tx, ctx) => {
  const out: EventDraft[] = [];
  for (const call of launchpadCalls(tx, ctx, ['lockFeeSplit', 'graduate'])) {
    for (const { data: event } of eventsNamed(call.events, 'FeeSplitLocked')) {
      out.push(feeSplitDraft(tx, ctx, call.ix, event, call.kind === 'lockFeeSplit' ? undefined : 'fee-split'));
    }
  }
  return out;
};
