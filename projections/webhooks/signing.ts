// How deliveries are signed (spec 6): `Service-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed
// with the secret's UTF-8 bytes exactly as create returned it, and the Standard Webhooks headers over the same body
// (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<t>.<body>">` keyed with
// the base64-decoded part after `whsec_`), so receivers using that ecosystem's libraries verify without custom code.
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

/** A fresh signing secret: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The headers of one delivery of `body` (the event with id `eventId` and type `type`) signed at `unixSeconds`. */
export function deliveryHeaders(secret: string, eventId: string, type: string, body: string, unixSeconds: number): Record<string, string> {
  const t = String(unixSeconds);
  const v1 = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${t}.${body}`).digest('hex');
  const standardKey = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const standard = createHmac('sha256', standardKey).update(`${eventId}.${t}.${body}`).digest('base64');
  return {
    'Service-Event': type,
    'Service-Event-Id': eventId,
    'Service-Signature': `t=${t},v1=${v1}`,
    'webhook-id': eventId,
    'webhook-timestamp': t,
    'webhook-signature': `v1,${standard}`,
  };
}
