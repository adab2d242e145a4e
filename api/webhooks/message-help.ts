// The message each webhook call is signed over, written out for the OpenAPI document's descriptions.
import { createFields, webhookFields, webhookMessage, type MessageFields, type WebhookAction } from './signed-message.js';

const EXAMPLES: Record<string, { action: WebhookAction; fields: MessageFields }> = {
  '/webhooks/create': { action: 'create', fields: createFields('<url>', ['<event>', '<event>'], ['<mint>', '<mint>']) },
  '/webhooks/list': { action: 'list', fields: [] },
  '/webhooks/delete': { action: 'delete', fields: webhookFields('<id>') },
  '/webhooks/enable': { action: 'enable', fields: webhookFields('<id>') },
  '/webhooks/test': { action: 'test', fields: webhookFields('<id>') },
  '/webhooks/deliveries': { action: 'deliveries', fields: webhookFields('<id>') },
  '/webhooks/redeliver': { action: 'redeliver', fields: [...webhookFields('<id>'), ['Event', '<event id>']] },
};

export function signedMessageHelp(path: string): string {
  const example = EXAMPLES[path];
  if (example === undefined) return '';
  const message = webhookMessage(example.action, '<wallet>', example.fields, '<time>');
  const coins =
    example.action === 'create' ? ' `Coins: all` when `mints` is left out; lists are comma-separated without spaces, in the order of the body.' : '';
  return `Signed by the owner wallet: \`signature\` is the base64 ed25519 signature of these lines joined by \\n (UTF-8), with \`time\` exactly as sent and within 5 minutes of the server clock:\n\n    ${message.split('\n').join('\n    ')}\n\n${coins}`.trim();
}
