// The `platform` projector: revenue events and fund balances, one row per event each (projections/platform/table.ts).
import { eventAt, type LoggedEvent, type Projector } from '../projector.js';
import { FUND_BALANCES_TABLE, fundBalancesTable, PLATFORM_REVENUE_TABLE, platformRevenueTable } from './table.js';

export const platformProjector: Projector = {
  name: 'platform',
  version: 3,
  tables: [platformRevenueTable, fundBalancesTable],
  canHandle: ['revenue', 'fund.balance'],
  handle(events: readonly LoggedEvent[]) {
    const revenue = events.flatMap(({ event }) => {
      if (event.type !== 'revenue') return [];
      const { kind, unit, amount, quoteMint } = event.data;
      return [{ ...eventAt(event), kind, unit, amount, quoteMint }];
    });
    const funds = events.flatMap(({ event, offset }) => (event.type === 'fund.balance' ? [{ ...eventAt(event), ...event.data, logOffset: offset }] : []));
    return { [PLATFORM_REVENUE_TABLE]: revenue, [FUND_BALANCES_TABLE]: funds };
  },
};
