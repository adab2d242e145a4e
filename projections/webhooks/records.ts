// The webhooks' records in the operational store: each webhook (its secret sealed), each event queued for one
// webhook with its retry state, the signatures already used by signed calls, and the redeliveries asked for.
import { z } from 'zod';
import { defineCollection } from '../../infra/opstore/op-store.js';

/** A webhook. Times are epoch ms. */
export const webhooks = defineCollection(
  'webhooks',
  z.object({
    id: z.string(),
    wallet: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    /** Coins delivered; null means every coin. */
    mints: z.array(z.string()).nullable(),
    status: z.enum(['active', 'paused']),
    /** The signing secret, sealed with the service's key for this webhook's id (infra/keys/secret-box.ts). */
    secretSealed: z.string(),
    createdAt: z.number().int(),
    lastSuccessAt: z.number().int().nullable(),
    failingSince: z.number().int().nullable(),
    pausedAt: z.number().int().nullable(),
    lastTestAt: z.number().int().nullable(),
    /** Tries answered 2xx per UTC day, the last element for `deliveredDay` (days since the epoch), the ones before
     * it for the days before; `failedPerDay` the others, aligned the same way (empty in records made before it). */
    deliveredPerDay: z.array(z.number().int()),
    failedPerDay: z.array(z.number().int()).default([]),
    deliveredDay: z.number().int(),
  }),
);
export type WebhookRow = z.infer<typeof webhooks.schema>;

/** The label a webhook's secret is sealed for: it opens for that webhook only. */
export function secretLabel(webhookId: string): string {
  return `webhook:${webhookId}`;
}

/** One event for one webhook: id `<webhook id>:<event id>`, so the same event is queued once per webhook. */
export const deliveries = defineCollection(
  'webhook_deliveries',
  z.object({
    id: z.string(),
    webhookId: z.string(),
    eventId: z.string(),
    type: z.string(),
    /** The JSON body sent, exactly. */
    body: z.string(),
    state: z.enum(['pending', 'delivered', 'failed', 'dropped']),
    /** Tries made in the current series (8 at most). */
    attempt: z.number().int(),
    nextAttemptAt: z.number().int().nullable(),
    lastAttemptAt: z.number().int().nullable(),
    lastStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.number().int(),
  }),
);
export type DeliveryRow = z.infer<typeof deliveries.schema>;

export function deliveryId(webhookId: string, eventId: string): string {
  return `${webhookId}:${eventId}`;
}

/** A signature a signed call was accepted with (id: the signature), kept past its time window, so a request
 * replayed changes nothing. */
export const usedSignatures = defineCollection(
  'webhook_signatures',
  z.object({ id: z.string(), wallet: z.string(), action: z.string(), at: z.number().int() }),
);

/** A redelivery asked for through the API, for the dispatcher to queue (it may run in another process). */
export const redeliveries = defineCollection('webhook_redeliveries', z.object({ id: z.string(), deliveryId: z.string(), at: z.number().int() }));

/** The dispatcher's own marks; `started`: it has run once. On its first run it skips the log written before it, so
 * webhooks never receive events from before the dispatcher existed. */
export const dispatcherMarks = defineCollection('webhook_dispatcher', z.object({ id: z.string(), at: z.number().int() }));

/** The latest SOL prices the dispatcher read from the log (one record, id `latest`; sol-prices.ts), JSON text. */
export const dispatcherSolPrices = defineCollection('webhook_sol_prices', z.object({ id: z.string(), points: z.string() }));
