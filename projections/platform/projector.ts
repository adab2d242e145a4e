// The `platform` projector: revenue events and fund balances, one row per event each (projections/platform/table.ts).
import type { Event } from '../../schemas/events/index.js';
import { dateTime64, type LoggedEvent, type Projector } from '../projector.js';
import { FUND_BALANCES_TABLE, fundBalancesTable, PLATFORM_REVENUE_TABLE, platformRevenueTable } from './table.js';

const at = (event: Event) => ({ eventId: event.id, slot: event.slot, time: dateTime64(event.blockTime) });

export const platformProjector: Projector = {
  name: 'platform',
  version: 3,
  tables: [platformRevenueTable, fundBalancesTable],
  canHandle: ['revenue', 'fund.balance'],
  handle(events: readonly LoggedEvent[]) {
    const revenue = events.flatMap(({ event }) => {
      if (event.type !== 'revenue') return [];
      const { kind, unit, amount, quoteMint } = event.data;
      return [{ ...at(event), kind, unit, amount, quoteMint }];
    });
    const funds = events.flatMap(({ event, offset }) => (event.type === 'fund.balance' ? [{ ...at(event), ...event.data, logOffset: offset }] : []));
    return { [PLATFORM_REVENUE_TABLE]: revenue, [FUND_BALANCES_TABLE]: funds };
  },
};
