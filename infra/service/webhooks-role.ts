// The webhooks as the service runs them: what the API's signed calls need (the key sealing secrets, the receiver
// rules) and the `webhooks` role, the dispatcher on the event log. Both need the key that seals the service's
// secrets; without one (a remote chain and no KEYS_ENCRYPTION_KEY) webhook calls answer 503 and nothing is delivered.
import type { Logger } from 'pino';
import { listedTokens } from '../../api/tokens/listed-tokens.js';
import type { WebhookDeps } from '../../api/webhooks/webhook-calls.js';
import { valuingMints } from '../../projections/prices/sol-value.js';
import { WebhookDispatcher } from '../../projections/webhooks/dispatcher.js';
import type { EventContext } from '../../projections/webhooks/webhook-events.js';
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

/** How webhook events (and the live streams' launch messages) word the service's facts. */
export function webhookEventContext(config: Config): EventContext {
  const symbols = new Map(listedTokens(config).map((token) => [token.mint, token.symbol]));
  return {
    network: config.network,
    siteUrl: config.siteUrl,
    pairSymbol: (mint) => symbols.get(mint) ?? null,
    valuing: valuingMints(config.mints.stablecoin),
  };
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
    events: webhookEventContext(config),
    policy: deps.policy,
    logger: roleLogger,
  });
  dispatcher.start();
  return { dispatcher, stop: () => dispatcher.stop() };
}
