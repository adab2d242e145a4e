// The `platform` projector: revenue events, holder payout rounds and creator sends, and fund balances, one
// row per event each, plus each fund wallet's latest balance of the batch (projections/platform/table.ts).
import type { CreatorSentEvent, FundBalanceEvent, PayoutRoundEvent, RevenueEvent } from '../../schemas/events/index.js';
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

export function revenueRow(event: RevenueEvent): RevenueRow {
  const d = event.data;
  return {
    eventId: event.id,
    signature: event.signature,
    slot: event.slot,
    time: dateTime64(event.blockTime),
    kind: d.kind,
    unit: d.unit,
    amount: d.amount,
    mint: d.mint,
    quoteMint: d.quoteMint,
  };
}

/** A payout round counts what its pot spent: what holders received, valued in the coin's quote token. */
export function holderPayoutRow(event: PayoutRoundEvent): PayoutRow {
  return {
    eventId: event.id,
    signature: event.signature,
    slot: event.slot,
    time: dateTime64(event.blockTime),
    kind: 'holders',
    mint: event.data.mint,
    quoteMint: null,
    amount: event.data.potSpent,
  };
}

export function creatorSendRow(event: CreatorSentEvent): PayoutRow {
  return {
    eventId: event.id,
    signature: event.signature,
    slot: event.slot,
    time: dateTime64(event.blockTime),
    kind: 'creator',
    mint: event.data.mint,
    quoteMint: event.data.quoteMint,
    amount: event.data.amount,
  };
}

export function fundBalanceRow(event: FundBalanceEvent, offset: bigint): FundBalanceRow {
  return {
    eventId: event.id,
    fund: event.data.fund,
    wallet: event.data.wallet,
    slot: event.slot,
    time: dateTime64(event.blockTime),
    logOffset: offset,
    lamports: event.data.lamports,
  };
}

export const platformProjector: Projector = {
  name: 'platform',
  version: 2,
  tables: [platformRevenueTable, platformPayoutsTable, fundBalancesTable, fundLatestTable],
  canHandle: ['revenue', 'payout.round', 'creator.sent', 'fund.balance'],
  handle(events: readonly LoggedEvent[]) {
    const revenue: RevenueRow[] = [];
    const payouts: PayoutRow[] = [];
    const funds: FundBalanceRow[] = [];
    const latest = new Map<string, FundLatestRow>();
    for (const { event, offset } of events) {
      if (event.type === 'revenue') revenue.push(revenueRow(event));
      else if (event.type === 'payout.round') payouts.push(holderPayoutRow(event));
      else if (event.type === 'creator.sent') payouts.push(creatorSendRow(event));
      else if (event.type === 'fund.balance') {
        const row = fundBalanceRow(event, offset);
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
