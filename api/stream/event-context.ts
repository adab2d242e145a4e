// How webhook events and the live streams' launch messages word the service's facts, from the configuration.
import { valuingMints } from '../../projections/prices/sol-value.js';
import type { EventContext } from '../../projections/webhooks/webhook-events.js';
import type { ApiConfig } from '../deps.js';
import { listedTokens } from '../tokens/listed-tokens.js';

export function eventContextOf(config: ApiConfig): EventContext {
  const symbols = new Map(listedTokens(config).map((token) => [token.mint, token.symbol]));
  return {
    network: config.network,
    siteUrl: config.siteUrl ?? '',
    pairSymbol: (mint) => symbols.get(mint) ?? null,
    valuing: valuingMints(config.mints.stablecoin),
  };
}
