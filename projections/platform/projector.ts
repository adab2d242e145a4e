// The `platform` projector: revenue events, holder payout rounds and creator sends, and fund balances, one
// row per event each (projections/platform/table.ts).
import type { Event } from '../../schemas/events/index.js';
import { dateTime64 } from '../column-values.js';
import type { LoggedEvent, Projector } from '../projector.js';
import { FUND_BALANCES_TABLE, fundBalancesTable, PLATFORM_PAYOUTS_TABLE, PLATFORM_REVENUE_TABLE, platformPayoutsTable, platformRevenueTable } from './table.js';

const at = (event: Event) => ({ eventId: event.id, slot: event.slot, time: dateTime64(event.blockTime) });
const payout = (event: Event, kind: 'holders' | 'creator', mint: string, quoteMint: string | null, amount: string) => [
  { ...at(event), kind, mint, quoteMint, amount },
];

export const platformProjector: Projector = {
  name: 'platform',
  version: 3,
  tables: [platformRevenueTable, platformPayoutsTable, fundBalancesTable],
  canHandle: ['revenue', 'payout.round', 'creator.sent', 'fund.balance'],
  handle(events: readonly LoggedEvent[]) {
    const revenue = events.flatMap(({ event }) => {
      if (event.type !== 'revenue') return [];
      const { kind, unit, amount, quoteMint } = event.data;
      return [{ ...at(event), kind, unit, amount, quoteMint }];
    });
    const payouts = events.flatMap(({ event }) => {
      // A payout round counts what its pot spent: what holders received, valued in the coin's quote token.
      if (event.type === 'payout.round') return payout(event, 'holders', event.data.mint, null, event.data.potSpent);
      return event.type === 'creator.sent' ? payout(event, 'creator', event.data.mint, event.data.quoteMint, event.data.amount) : [];
    });
    const funds = events.flatMap(({ event, offset }) => (event.type === 'fund.balance' ? [{ ...at(event), ...event.data, logOffset: offset }] : []));
    return { [PLATFORM_REVENUE_TABLE]: revenue, [PLATFORM_PAYOUTS_TABLE]: payouts, [FUND_BALANCES_TABLE]: funds };
  },
};
