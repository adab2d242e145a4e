// Schemas of the webhook calls (spec 4.5, 5.3, 2.17): every body carries the owner wallet, the time it signed
// and the base64 ed25519 signature of the exact message (api/webhooks/signed-message.ts), and the answers.
import { z } from 'zod';
import { address, ed25519SignatureBase64, isoTime } from './fields.js';

/** Events a webhook may subscribe to (spec 6). */
export const WEBHOOK_EVENT_TYPES = ['coin.launched', 'coin.graduated', 'payout.paid'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const MAX_WEBHOOK_MINTS = 20;
export const MAX_WEBHOOK_URL_LENGTH = 2048;

export const webhookId = z
  .string()
  .regex(/^wh_[0-9a-f]{24}$/, { error: 'must be a webhook id as create returned it (wh_ and 24 hex digits)' })
  .describe('The webhook id create returned');

export const webhookEventId = z
  .string()
  .regex(/^evt_[0-9a-z_]{8,64}$/, { error: 'must be an event id as a delivery carried it (Service-Event-Id)' })
  .describe('An event id, as deliveries carry it in `id` and `Service-Event-Id`');

const signedFields = {
  wallet: address.describe('The owner wallet; it signs the message'),
  time: z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 time within 5 minutes of the server clock' })
    .describe('When the message was signed (ISO 8601, within 5 minutes of the server clock); the message names it exactly as sent'),
  signature: ed25519SignatureBase64.describe('Base64 ed25519 signature of the message by `wallet`'),
};

export const webhookCreateBody = z
  .strictObject({
    ...signedFields,
    url: z.string().min(1).max(MAX_WEBHOOK_URL_LENGTH).describe('https URL on a public address; redirects are never followed'),
    events: z
      .array(z.enum(WEBHOOK_EVENT_TYPES))
      .min(1, { error: 'name at least one event' })
      .max(WEBHOOK_EVENT_TYPES.length)
      .refine((list) => new Set(list).size === list.length, { error: 'events must be distinct' })
      .meta({ uniqueItems: true })
      .describe('Events to deliver: coin.launched, coin.graduated, payout.paid'),
    mints: z
      .array(address)
      .min(1, { error: 'name 1 to 20 mints, or leave mints out for every coin' })
      .max(MAX_WEBHOOK_MINTS, { error: 'at most 20 mints; leave mints out for every coin' })
      .refine((list) => new Set(list).size === list.length, { error: 'mints must be distinct' })
      .meta({ uniqueItems: true })
      .optional()
      .describe('Coins to deliver events of (1 to 20); left out means every coin'),
  })
  .describe('Create a webhook (signed)');

export const webhookListBody = z.strictObject(signedFields).describe('List the wallet’s webhooks (signed)');

export const webhookActionBody = z.strictObject({ ...signedFields, id: webhookId }).describe('Act on one webhook (signed)');

export const webhookRedeliverBody = z
  .strictObject({ ...signedFields, id: webhookId, event: webhookEventId })
  .describe('Queue one event again for one webhook (signed)');

export const webhookRecord = z
  .object({
    id: webhookId,
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    mints: z.array(address).nullable().describe('Coins delivered; null means every coin'),
    status: z.enum(['active', 'paused']).describe('paused: every delivery failed for 3 days; enable makes it active'),
    createdAt: isoTime,
    lastSuccessAt: isoTime.nullable().describe('Last delivery answered 2xx'),
    failingSince: isoTime.nullable().describe('First failed delivery since the last success; null while deliveries succeed'),
    pausedAt: isoTime.nullable(),
    deliveries7d: z.int().min(0).describe('Deliveries tried in the last 7 UTC days (today and the 6 before), answered 2xx or not'),
    failures7d: z.int().min(0).describe('Of `deliveries7d`, the tries not answered 2xx within 5 seconds'),
  })
  .describe('Webhook');

export const webhookCreateResponse = z.object({
  webhook: webhookRecord,
  secret: z.string().describe('Signing secret of the deliveries; shown only now'),
});

export const webhookListResponse = z.object({ webhooks: z.array(webhookRecord) });
export const webhookDeleteResponse = z.object({ deleted: webhookId });
export const webhookEnableResponse = z.object({ webhook: webhookRecord });

export const webhookTestResponse = z.object({
  delivered: z.boolean().describe('Whether the URL answered 2xx within 5 seconds'),
  status: z.int().nullable().describe("The receiver's HTTP status; null when none came"),
  error: z.string().nullable().describe('Why it was not delivered; null when delivered'),
});

export const webhookDelivery = z.object({
  event: webhookEventId,
  type: z.string().describe('Event type'),
  state: z
    .enum(['pending', 'delivered', 'failed', 'dropped'])
    .describe('pending: a try is due at nextAttemptAt; delivered: answered 2xx; failed: 8 tries failed; dropped: the webhook was paused'),
  attempt: z.int().min(0).describe('Tries made (of 8)'),
  status: z.int().nullable().describe('HTTP status of the last try'),
  error: z.string().nullable().describe('Why the last try failed'),
  lastAttemptAt: isoTime.nullable(),
  nextAttemptAt: isoTime.nullable(),
  createdAt: isoTime,
});

export const webhookDeliveriesResponse = z.object({
  deliveries: z.array(webhookDelivery).describe('The last 7 days, newest first, at most 100'),
});

export const webhookRedeliverResponse = z.object({ queued: webhookEventId });

export type WebhookRecord = z.infer<typeof webhookRecord>;
export type WebhookCreateBody = z.infer<typeof webhookCreateBody>;
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
