// Launchpad Graduate → `coin.graduated` (from the Graduated event: the pool and what moved into it).
import { instructionEventId } from '../event-ids.js';
import { draft, type Decoder, type EventDraft } from '../context.js';
import { eventsNamed, launchpadCalls } from '../program-invocations.js';

export const decode: Decoder = (tx, ctx) => {
  const out: EventDraft[] = [];
  for (const call of launchpadCalls(tx, ctx, ['graduate'])) {
    for (const { data: event } of eventsNamed(call.events, 'Graduated')) {
      out.push(
        draft(tx, ctx, 'coin.graduated', instructionEventId(tx.signature, call.ix.path), {
          mint: event.mint,
          curve: event.curve,
          pool: event.pool,
          coinAmount: event.tokenAmount.toString(),
          quoteAmount: event.quoteAmount.toString(),
        }),
      );
    }
  }
  return out;
};
