// Builders of the platform events for the platform and burns read-model tests (revenue, payout rounds, creator
// sends, fund balances, burns), on the shared fixtures' addresses and signatures. Every event built here
// passes parseEvent.
import type { Address } from '@solana/kit';
import {
  factEventId,
  instructionEventId,
  lamportBalanceEventId,
  memoEventId,
  parseEvent,
  type CreatorSentEvent,
  type EventData,
  type FundBalanceEvent,
  type PayoutRoundEvent,
  type PlatformBurnedEvent,
  type RevenueEvent,
} from '../../schemas/events/index.js';
import { addr, sig } from './event-fixtures.js';

export interface At {
  slot: number;
  tx: number;
  /** Unix seconds. */
  time: number;
}

function envelope(at: At, id: (signature: string) => string) {
  const signature = sig(at.tx);
  return { id: id(signature), network: 'mainnet', slot: at.slot, blockTime: at.time, signature, v: 1 as const };
}

export const PLATFORM_MINT = addr(950);
export const STABLECOIN = addr(951);

export function revenue(at: At, data: Partial<EventData<'revenue'>> & Pick<EventData<'revenue'>, 'kind' | 'amount' | 'unit'>): RevenueEvent {
  const event = {
    ...envelope(at, (s) => instructionEventId(s, { index: 0 }, 'revenue')),
    type: 'revenue' as const,
    data: { mint: null, quoteMint: null, ...data },
  };
  return parseEvent(event) as RevenueEvent;
}

export function payoutRound(at: At, mint: Address, potSpent: bigint, round = 1): PayoutRoundEvent {
  return parseEvent({
    ...envelope(at, (s) => memoEventId(s, 0)),
    type: 'payout.round',
    data: {
      mint,
      round,
      snapshotSlot: at.slot,
      baselineSlot: round === 1 ? null : at.slot - 1,
      holdersCounted: 3,
      potSpent: potSpent.toString(),
      paidIn: 'pair',
      tokens: [],
    },
  }) as PayoutRoundEvent;
}

export function creatorSent(at: At, mint: Address, quoteMint: Address, amount: bigint, index = 0): CreatorSentEvent {
  return parseEvent({
    ...envelope(at, (s) => factEventId(s, 'creator-send', index)),
    type: 'creator.sent',
    data: { mint, wallet: addr(520 + index), quoteMint, amount: amount.toString() },
  }) as CreatorSentEvent;
}

export function fundBalance(at: At, fund: EventData<'fund.balance'>['fund'], wallet: Address, lamports: bigint, account = 1): FundBalanceEvent {
  return parseEvent({
    ...envelope(at, (s) => lamportBalanceEventId(s, account)),
    type: 'fund.balance',
    data: { fund, wallet, lamports: lamports.toString() },
  }) as FundBalanceEvent;
}

export function burned(at: At, amount: bigint, solCost: bigint, after: bigint, platformMint: Address = PLATFORM_MINT): PlatformBurnedEvent {
  return parseEvent({
    ...envelope(at, (s) => memoEventId(s, 0)),
    type: 'platform.burned',
    data: { platformMint, amount: amount.toString(), solCost: solCost.toString(), burnFundLamportsAfter: after.toString() },
  }) as PlatformBurnedEvent;
}
