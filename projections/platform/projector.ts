// The `platform` projector: revenue events, holder payout rounds and creator sends, and fund balances, one
// row per event each, plus each fund wallet's latest balance of the batch (projections/platform/table.ts).
import type { Event } from '../../schemas/events/index.js';
import { chainVersion, dateTime64 } from '../column-values.js';
import type { LoggedEvent, Projector } from '../projector.js';
import {
  FUND_BALANCES_TABLE,
  FUND_LATEST_TABLE,
  fundBalancesTable,
  fundLatestTable,
  PLATFORM_PAYOUTS_TABLE,
  PLATFORM_REVENUE_TABLE,
  platformPayoutsTable,
  platformRevenueTable,
  type FundBalanceRow,
  type FundLatestRow,
  type PayoutRow,
  type RevenueRow,
} from './table.js';

const at = (event: Event) => ({ eventId: event.id, slot: event.slot, time: dateTime64(event.blockTime) });

export const platformProjector: Projector = {
  name: 'platform',
  version: 3,
  tables: [platformRevenueTable, platformPayoutsTable, fundBalancesTable, fundLatestTable],
  canHandle: ['revenue', 'payout.round', 'creator.sent', 'fund.balance'],
  handle(events: readonly LoggedEvent[]) {
    const revenue: RevenueRow[] = [];
    const payouts: PayoutRow[] = [];
    const funds: FundBalanceRow[] = [];
    const latest = new Map<string, FundLatestRow>();
    for (const { event, offset } of events) {
      if (event.type === 'revenue') {
        const { kind, unit, amount, quoteMint } = event.data;
        revenue.push({ ...at(event), kind, unit, amount, quoteMint });
      } else if (event.type === 'payout.round') {
        // A payout round counts what its pot spent: what holders received, valued in the coin's quote token.
        payouts.push({ ...at(event), kind: 'holders', mint: event.data.mint, quoteMint: null, amount: event.data.potSpent });
      } else if (event.type === 'creator.sent') {
        payouts.push({ ...at(event), kind: 'creator', mint: event.data.mint, quoteMint: event.data.quoteMint, amount: event.data.amount });
      } else if (event.type === 'fund.balance') {
        const row = { ...at(event), fund: event.data.fund, wallet: event.data.wallet, logOffset: offset, lamports: event.data.lamports };
        funds.push(row);
        const version = chainVersion(row.slot, row.logOffset);
        const kept = latest.get(row.wallet);
        if (kept === undefined || version > kept.version) latest.set(row.wallet, { ...row, version });
      }
    }
    return {
      [PLATFORM_REVENUE_TABLE]: revenue,
      [PLATFORM_PAYOUTS_TABLE]: payouts,
      [FUND_BALANCES_TABLE]: funds,
      [FUND_LATEST_TABLE]: [...latest.values()],
    };
  },
};
