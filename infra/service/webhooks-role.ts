// The webhooks as the service runs them: what the API's signed calls need (the key sealing secrets, the receiver
// rules) and the `webhooks` role, the dispatcher on the event log. Both need the key that seals the service's
// secrets; without one (a remote chain and no KEYS_ENCRYPTION_KEY) webhook calls answer 503 and nothing is delivered.
import type { Logger } from 'pino';
import { eventContextOf } from '../../api/stream/event-context.js';
import type { WebhookDeps } from '../../api/webhooks/webhook-calls.js';
import { WebhookDispatcher } from '../../projections/webhooks/dispatcher.js';
import type { Config } from '../../schemas/config.js';
import type { EventLog } from '../event-log/event-log.js';
import { serviceSealKey } from './service-keys-setup.js';
import type { OpStore } from '../opstore/op-store.js';
import type { Role } from './roles.js';

export function webhookDeps(config: Config): WebhookDeps | undefined {
  const sealKey = serviceSealKey(config);
  if (sealKey === null) return undefined;
  return { sealKey, policy: { allowLoopback: config.webhooks.allowLoopback }, network: config.network };
}

export interface WebhooksRole extends Role {
  dispatcher: WebhookDispatcher | null;
}

export async function startWebhooks(config: Config, log: EventLog, opstore: OpStore, logger: Logger): Promise<WebhooksRole> {
  const roleLogger = logger.child({ role: 'webhooks' });
  const deps = webhookDeps(config);
  if (deps === undefined) {
    roleLogger.warn('KEYS_ENCRYPTION_KEY is not set: webhooks are not delivered');
    return { dispatcher: null, stop: async () => undefined };
  }
  const dispatcher = await WebhookDispatcher.open({
    log,
    opstore,
    sealKey: deps.sealKey,
    events: eventContextOf(config),
    policy: deps.policy,
    logger: roleLogger,
  });
  dispatcher.start();
  return { dispatcher, stop: () => dispatcher.stop() };
}
