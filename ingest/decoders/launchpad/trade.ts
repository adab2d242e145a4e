// Launchpad Buy and Sell → `trade` on the curve (from the Trade event; the trader's coin account is
// the instruction's fifth account), and the service's `revenue` when it referred the trade.
import { instructionEventId } from '../event-ids.js';
import { LAUNCHPAD_ACCOUNTS } from '../../../schemas/programs/launchpad/instructions.js';
import type { Decoder, EventDraft } from '../context.js';
import { eventsNamed, launchpadCalls } from '../program-invocations.js';
import { pushTrade } from '../shared/swap-referral.js';
import { curveTradeData } from '../shared/trade-data.js';

const COIN_ACCOUNT = LAUNCHPAD_ACCOUNTS.buy.indexOf('traderTokenAccount');

export const decode: Decoder = (tx, ctx) => {
  const out: EventDraft[] = [];
  for (const call of launchpadCalls(tx, ctx, ['buy', 'sell'])) {
    for (const { data: event } of eventsNamed(call.events, 'Trade')) {
      pushTrade(out, tx, ctx, call.ix, instructionEventId(tx.signature, call.ix.path), curveTradeData(tx, event, call.ix.accounts[COIN_ACCOUNT]));
    }
  }
  return out;
};
