// Builders of valid reward events for projection and API tests: fee claims (split five ways), payout rounds,
// payouts sent and creator payments, with the ids the decoders give them. Every event built here passes parseEvent.
import type { Address } from '@solana/kit';
import {
  factEventId,
  instructionEventId,
  memoEventId,
  parseEvent,
  type CreatorSentEvent,
  type EventData,
  type FeesClaimedEvent,
  type PayoutRoundEvent,
  type PayoutSentEvent,
} from '../../schemas/events/index.js';
import { addr, sig, timeOfSlot } from './event-fixtures.js';

export interface At {
  slot: number;
  /** Seed of the transaction's signature. */
  tx: number;
  /** Account index (payouts, creator sends) or instruction index (claims); 0 when left out. */
  index?: number;
}

function envelope(at: At, id: (signature: string) => string) {
  const signature = sig(at.tx);
  return { id: id(signature), network: 'mainnet', slot: at.slot, blockTime: timeOfSlot(at.slot), signature, v: 1 as const };
}

/** A claim whose `first` party (holders or creator) gets `amount`, the service's parties their bps of the
 * 70% share alongside (12, 3, 10 and 5 of 70), so the shares sum to the claim's total. */
export function feesClaimed(at: At, mint: Address, quoteMint: Address, amount: bigint, first: 'holders' | 'creator'): FeesClaimedEvent {
  const others = [
    { role: 'service', bps: 1_200n, wallet: addr(701) },
    { role: 'ai-fund', bps: 300n, wallet: addr(702) },
    { role: 'burn', bps: 1_000n, wallet: addr(703) },
    { role: 'liquidity', bps: 500n, wallet: addr(704) },
  ] as const;
  const shares = [
    { role: first, wallet: addr(700), amount: amount.toString() },
    ...others.map((other) => ({ role: other.role, wallet: other.wallet, amount: ((amount * other.bps) / 7_000n).toString() })),
  ];
  const total = shares.reduce((sum, share) => sum + BigInt(share.amount), 0n);
  return parseEvent({
    ...envelope(at, (s) => instructionEventId(s, { index: at.index ?? 0 })),
    type: 'fees.claimed',
    data: { mint, market: addr(600), quoteMint, total: total.toString(), shares },
  }) as FeesClaimedEvent;
}

export function payoutRound(at: At, data: EventData<'payout.round'>): PayoutRoundEvent {
  return parseEvent({ ...envelope(at, (s) => memoEventId(s, 0)), type: 'payout.round', data }) as PayoutRoundEvent;
}

export function payoutSent(at: At, data: EventData<'payout.sent'>): PayoutSentEvent {
  return parseEvent({ ...envelope(at, (s) => factEventId(s, 'payout', at.index ?? 0)), type: 'payout.sent', data }) as PayoutSentEvent;
}

export function creatorSent(at: At, data: EventData<'creator.sent'>): CreatorSentEvent {
  return parseEvent({ ...envelope(at, (s) => factEventId(s, 'creator-send', at.index ?? 0)), type: 'creator.sent', data }) as CreatorSentEvent;
}
