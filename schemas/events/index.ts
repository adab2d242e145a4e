// The event catalog: the discriminated union of every event on `type`, parsing with readable errors, and exhaustiveness.
import { z } from 'zod';
import { coinFeeSplitLockedEvent } from './coin-fee-split-locked.js';
import { coinGraduatedEvent } from './coin-graduated.js';
import { coinLaunchedEvent } from './coin-launched.js';
import { creatorSentEvent } from './creator-sent.js';
import { feesClaimedEvent } from './fees-claimed.js';
import { fundBalanceEvent } from './fund-balance.js';
import { payoutOwedEvent } from './payout-owed.js';
import { payoutRoundEvent } from './payout-round.js';
import { payoutSentEvent } from './payout-sent.js';
import { platformBurnedEvent } from './platform-burned.js';
import { priceUpdatedEvent } from './price-updated.js';
import { quoteConfiguredEvent } from './quote-configured.js';
import { revenueEvent } from './revenue.js';
import { tokenBalanceChangedEvent } from './token-balance-changed.js';
import { tradeEvent } from './trade.js';

export * from './coin-fee-split-locked.js';
export * from './coin-graduated.js';
export * from './coin-launched.js';
export * from './creator-sent.js';
export * from './envelope.js';
export * from './fees-claimed.js';
export * from './fields.js';
export * from './fund-balance.js';
export * from './ids.js';
export * from './payout-owed.js';
export * from './payout-round.js';
export * from './payout-sent.js';
export * from './platform-burned.js';
export * from './price-updated.js';
export * from './quote-configured.js';
export * from './revenue.js';
export * from './token-balance-changed.js';
export * from './trade.js';
export * from './untrusted.js';

const eventSchemas = [
  coinLaunchedEvent,
  coinFeeSplitLockedEvent,
  tradeEvent,
  tokenBalanceChangedEvent,
  coinGraduatedEvent,
  feesClaimedEvent,
  payoutRoundEvent,
  payoutSentEvent,
  payoutOwedEvent,
  creatorSentEvent,
  platformBurnedEvent,
  revenueEvent,
  priceUpdatedEvent,
  fundBalanceEvent,
  quoteConfiguredEvent,
] as const;

/** Every event type, in catalog order. */
export const EVENT_TYPES = eventSchemas.map((schema) => schema.shape.type.value);

/** Any event: the envelope with `type` choosing the shape of `data`. */
export const eventSchema = z.discriminatedUnion('type', [...eventSchemas], {
  error: (issue) =>
    issue.code === 'invalid_union' && issue.path?.join('.') === 'type' ? `unknown or missing event type; expected one of ${EVENT_TYPES.join(', ')}` : undefined,
});

export type Event = z.infer<typeof eventSchema>;
export type EventType = Event['type'];
/** The event of one type. */
export type EventOf<T extends EventType> = Extract<Event, { type: T }>;
/** The `data` of one event type. */
export type EventData<T extends EventType> = EventOf<T>['data'];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

/** Thrown by parseEvent; `issues` keeps zod's detail, `message` reads as one line per problem. */
export class EventParseError extends Error {
  override name = 'EventParseError';
  constructor(
    readonly issues: readonly z.core.$ZodIssue[],
    input: unknown,
  ) {
    super(`invalid event${describeInput(input)}: ${issues.map(describeIssue).join('; ')}`);
  }
}

function describeInput(input: unknown): string {
  if (typeof input !== 'object' || input === null) return '';
  const { type, id } = input as { type?: unknown; id?: unknown };
  const parts = [typeof type === 'string' ? `type ${JSON.stringify(type)}` : null, typeof id === 'string' ? `id ${JSON.stringify(id)}` : null];
  const known = parts.filter((part) => part !== null);
  return known.length > 0 ? ` (${known.join(', ')})` : '';
}

function describeIssue(issue: z.core.$ZodIssue): string {
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

export type SafeParseEventResult = { success: true; data: Event } | { success: false; error: EventParseError };

/** Validate one event; never throws. */
export function safeParseEvent(input: unknown): SafeParseEventResult {
  const result = eventSchema.safeParse(input);
  return result.success ? { success: true, data: result.data } : { success: false, error: new EventParseError(result.error.issues, input) };
}

/** Validate one event; throws EventParseError saying what is wrong and where. */
export function parseEvent(input: unknown): Event {
  const result = safeParseEvent(input);
  if (!result.success) throw result.error;
  return result.data;
}

/** Put in the `default` of a switch over `event.type`: it only compiles when every type has its case. */
export function assertNever(value: never): never {
  const type = typeof value === 'object' && value !== null && 'type' in value ? (value as { type: unknown }).type : value;
  throw new Error(`unhandled event type: ${JSON.stringify(type)}`);
}
