// The messages webhook calls are signed with (spec 5.3): lines joined by `\n`: `Service webhooks`, `Action: <action>`,
// `Wallet: <wallet>`, the action's fields, `Time: <time>` (exactly as sent). Lists are comma-separated without
// spaces in the order the request gives them; `Coins: all` when no mints are named. A call is taken when its
// signature by the wallet verifies over that message and its time is within 5 minutes of the server's clock.
import { getAddressEncoder, type Address } from '@solana/kit';
import { verifySignature } from '../../infra/crypto/ed25519.js';

export type WebhookAction = 'create' | 'list' | 'delete' | 'enable' | 'test' | 'deliveries' | 'redeliver';

export const SIGNED_TIME_WINDOW_MS = 5 * 60_000;

export interface SignedCall {
  wallet: string;
  time: string;
  signature: string;
}

/** The action's own lines, as `Label: value`. */
export type MessageFields = readonly (readonly [label: string, value: string])[];

export function createFields(url: string, events: readonly string[], mints: readonly string[] | undefined): MessageFields {
  return [
    ['URL', url],
    ['Events', events.join(',')],
    ['Coins', mints === undefined ? 'all' : mints.join(',')],
  ];
}

export function webhookFields(id: string): MessageFields {
  return [['Webhook', id]];
}

export function webhookMessage(action: WebhookAction, wallet: string, fields: MessageFields, time: string): string {
  return ['Service webhooks', `Action: ${action}`, `Wallet: ${wallet}`, ...fields.map(([label, value]) => `${label}: ${value}`), `Time: ${time}`].join('\n');
}

/** Why a signed call is refused, or null when it is taken. */
export function signedCallProblem(call: SignedCall, action: WebhookAction, fields: MessageFields, now: number): string | null {
  const signedAt = Date.parse(call.time);
  if (!Number.isFinite(signedAt) || Math.abs(now - signedAt) > SIGNED_TIME_WINDOW_MS) {
    return `time: ${call.time} is not within 5 minutes of the server clock (${new Date(now).toISOString()}); sign a new message with the current time`;
  }
  const message = new TextEncoder().encode(webhookMessage(action, call.wallet, fields, call.time));
  const publicKey = new Uint8Array(getAddressEncoder().encode(call.wallet as Address));
  const signature = new Uint8Array(Buffer.from(call.signature, 'base64'));
  if (signature.length !== 64 || !verifySignature(publicKey, message, signature)) {
    return `signature: does not verify for wallet ${call.wallet} over the ${action} message; sign exactly the lines of the ${action} message (UTF-8, joined by \\n) with that wallet`;
  }
  return null;
}
