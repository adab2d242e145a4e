// One try of one event at one webhook: signed (signing.ts) at the moment it leaves, posted through the SSRF-safe
// transport with the 5-second reply rule. The dispatcher's tries and the API's `webhooks/test` both go through here.
import { postJson, type PostOutcome } from './https-post.js';
import type { ReceiverPolicy } from './receiver-address.js';
import { REPLY_TIMEOUT_MS } from './delivery-rules.js';
import { deliveryHeaders } from './signing.js';

export interface DeliveryTarget {
  url: string;
  secret: string;
}

export interface EventToSend {
  id: string;
  type: string;
  body: string;
}

/** The transport: postJson, or a stand-in in tests. */
export type Post = typeof postJson;

export function tryDelivery(
  target: DeliveryTarget,
  event: EventToSend,
  nowMs: number,
  policy: ReceiverPolicy,
  post: Post = postJson,
  signal?: AbortSignal,
): Promise<PostOutcome> {
  const headers = deliveryHeaders(target.secret, event.id, event.type, event.body, Math.floor(nowMs / 1000));
  return post(target.url, event.body, headers, { policy, timeoutMs: REPLY_TIMEOUT_MS, signal });
}
