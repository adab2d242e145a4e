// Launchpad CreateCoin → `coin.launched` (from its CoinCreated event).
import { instructionEventId } from '../event-ids.js';
import { draft, type Decoder, type EventDraft } from '../context.js';
import { eventsNamed, launchpadCalls } from '../program-invocations.js';
import { curveLaunchData } from '../shared/launch-data.js';
import { mintAuthorities } from '../shared/mint-authorities.js';

export const decode: Decoder = (tx, ctx) => {
  const out: EventDraft[] = [];
  for (const call of launchpadCalls(tx, ctx, ['createCoin'])) {
    for (const { data: event } of eventsNamed(call.events, 'CoinCreated')) {
      const data = curveLaunchData(event);
      if (data) out.push(draft(tx, ctx, 'coin.launched', instructionEventId(tx.signature, call.ix.path), { ...data, ...mintAuthorities(tx, data.mint) }));
    }
  }
  return out;
};
