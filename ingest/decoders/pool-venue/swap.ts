// Pool-venue Swap → `trade` in a pool, for coins launched through the service (launch and graduated
// pools), and the service's `revenue` when it referred the trade. Market pools of listed tokens (basket,
// platform token) are the keepers' buys, not coin trades.
import { instructionEventId } from '../event-ids.js';
import { POOL_VENUE_ACCOUNTS } from '../../../schemas/programs/pool-venue/instructions.js';
import type { Decoder, EventDraft } from '../context.js';
import { eventsNamed, poolVenueCalls } from '../program-invocations.js';
import { pushTrade } from '../shared/swap-referral.js';
import { poolTradeData } from '../shared/trade-data.js';

const COIN_ACCOUNT = POOL_VENUE_ACCOUNTS.swap.indexOf('traderTokenAccount');

export const decode: Decoder = (tx, ctx) => {
  const out: EventDraft[] = [];
  for (const call of poolVenueCalls(tx, ctx, ['swap'])) {
    for (const { data: event } of eventsNamed(call.events, 'Swap')) {
      if (!ctx.coins.has(event.mint)) continue;
      pushTrade(out, tx, ctx, call.ix, instructionEventId(tx.signature, call.ix.path), poolTradeData(tx, event, call.ix.accounts[COIN_ACCOUNT]));
    }
  }
  return out;
};
