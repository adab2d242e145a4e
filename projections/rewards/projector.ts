// The `rewards` projector: payout rounds, payouts sent and the holders' share of fee claims (see table.ts).
import type { Event } from '../../schemas/events/index.js';
import { dateTime64 } from '../column-values.js';
import type { LoggedEvent, Projector } from '../projector.js';
import {
  REWARD_PAYOUTS_TABLE,
  REWARD_POT_INCOME_TABLE,
  REWARD_ROUNDS_TABLE,
  rewardPayoutsTable,
  rewardPotIncomeTable,
  rewardRoundsTable,
  WALLET_PAYOUTS_TABLE,
  walletPayoutsTable,
  type PotIncomeRow,
  type RewardPayoutRow,
  type RewardRoundRow,
} from './table.js';

type Of<T extends Event['type']> = Extract<Event, { type: T }>;

export function roundRow(event: Of<'payout.round'>, offset: bigint): RewardRoundRow {
  const d = event.data;
  return {
    mint: d.mint,
    round: d.round,
    eventId: event.id,
    signature: event.signature,
    slot: event.slot,
    time: dateTime64(event.blockTime),
    logOffset: offset,
    snapshotSlot: d.snapshotSlot,
    baselineSlot: d.baselineSlot,
    holdersCounted: d.holdersCounted,
    potSpent: d.potSpent,
    paidIn: d.paidIn,
    tokenMints: d.tokens.map((token) => token.mint),
    tokenBought: d.tokens.map((token) => token.bought),
    tokenCost: d.tokens.map((token) => token.cost),
  };
}

export function payoutRow(event: Of<'payout.sent'>, offset: bigint): RewardPayoutRow {
  const d = event.data;
  return {
    mint: d.mint,
    round: d.round,
    wallet: d.wallet,
    token: d.token,
    amount: d.amount,
    eventId: event.id,
    signature: event.signature,
    slot: event.slot,
    time: dateTime64(event.blockTime),
    logOffset: offset,
  };
}

/** The holders' share of a claim; null when the claim has none (a creator-mode coin). */
export function potIncomeRow(event: Of<'fees.claimed'>, offset: bigint): PotIncomeRow | null {
  const holders = event.data.shares.filter((share) => share.role === 'holders').reduce((sum, share) => sum + BigInt(share.amount), 0n);
  if (holders === 0n) return null;
  return {
    mint: event.data.mint,
    eventId: event.id,
    slot: event.slot,
    time: dateTime64(event.blockTime),
    logOffset: offset,
    quoteMint: event.data.quoteMint,
    amount: holders.toString(),
  };
}

export const rewardsProjector: Projector = {
  name: 'rewards',
  version: 3,
  tables: [rewardRoundsTable, rewardPayoutsTable, walletPayoutsTable, rewardPotIncomeTable],
  canHandle: ['payout.round', 'payout.sent', 'fees.claimed'],
  handle(events: readonly LoggedEvent[]) {
    const rounds: RewardRoundRow[] = [];
    const payouts: RewardPayoutRow[] = [];
    const income: PotIncomeRow[] = [];
    for (const { event, offset } of events) {
      switch (event.type) {
        case 'payout.round':
          rounds.push(roundRow(event, offset));
          break;
        case 'payout.sent':
          payouts.push(payoutRow(event, offset));
          break;
        case 'fees.claimed': {
          const row = potIncomeRow(event, offset);
          if (row !== null) income.push(row);
          break;
        }
        default:
          break;
      }
    }
    return {
      [REWARD_ROUNDS_TABLE]: rounds,
      [REWARD_PAYOUTS_TABLE]: payouts,
      [WALLET_PAYOUTS_TABLE]: payouts,
      [REWARD_POT_INCOME_TABLE]: income,
    };
  },
};
