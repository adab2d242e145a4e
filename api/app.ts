// The read API as a Fastify instance: zod validation and serialization, the resource plugins under /api/v1,
// the generated OpenAPI document, `{ error }` answers for every failure, probes and Prometheus metrics.
// `buildApp(deps)` is what the service's `api` role listens with and what tests `inject` into.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import cors from '@fastify/cors';
import { corsOptions } from './cors.js';
import { apiContext, type ApiContext, type ApiDeps } from './deps.js';
import { answerFrameworkError, installErrorHandlers } from './errors.js';
import { installHealth } from './health.js';
import { launchContextOf } from './launch/launch-context.js';
import { launchRoutes } from './launch/routes.js';
import { installMetrics } from './metrics.js';
import { ideaLinker } from './handlers/ideas.js';
import type { IdeaLinker } from './ideas/idea-linker.js';
import type { TokenSearchDeps } from './handlers/tokens.js';
import type { LaunchContext } from './launch/launch-context.js';
import { API_PREFIX, installOpenApiRoute, registerApiDocs, registerOpenApi } from './openapi.js';
import { installPayments } from './payments/http-payments.js';
import { coinRoutes } from './routes/coins.js';
import { creatorRoutes } from './routes/creators.js';
import { healthRoutes } from './routes/health.js';
import { holderRoutes } from './routes/holders.js';
import { hookRoutes } from './routes/hooks.js';
import { ideaRoutes } from './routes/ideas.js';
import { tokenQuoteRoutes } from './routes/token-quotes.js';
import { tokenRoutes, tokenSearchDeps } from './routes/tokens.js';
import { ohlcvRoutes } from './routes/ohlcv.js';
import { platformRoutes } from './routes/platform.js';
import { rewardRoutes } from './routes/rewards.js';
import { streamRoutes } from './routes/stream.js';
import { tradeRoutes } from './routes/trades.js';
import { walletRewardRoutes } from './routes/wallet-rewards.js';
import { answerSerializerCompiler } from './serializer.js';
import { sitePageRoutes } from './site/page-routes.js';
import { siteRoutes } from './site/routes.js';
import { webhookRoutes } from './webhooks/routes.js';

export type { ApiDeps, Readiness } from './deps.js';

/** Longest path parameter routed; longer ones still reach validation and are answered 400. */
const MAX_PARAM_LENGTH = 512;

/** What the routes share with anything else calling their handlers (the MCP tools): the handlers' context, one token
 * search (its cache and logos), one idea linker, one launch context (its per-launch locks and sweep). */
export interface ApiParts {
  ctx: ApiContext;
  /** Stops the answer cache following its sources: when the app closes. */
  stop: () => void;
  tokens: TokenSearchDeps;
  ideas: IdeaLinker | null;
  launch: LaunchContext | null;
}

export function apiParts(deps: ApiDeps): ApiParts {
  const { ctx, stop } = apiContext(deps);
  const launch = launchContextOf(deps);
  return { ctx, stop, tokens: tokenSearchDeps(ctx, launch), ideas: ideaLinker(ctx), launch };
}

export function buildApp(deps: ApiDeps, parts: ApiParts = apiParts(deps)): FastifyInstance {
  const app: FastifyInstance = Fastify({
    ...(deps.logger === undefined ? { logger: false } : { loggerInstance: deps.logger as FastifyBaseLogger }),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
    // request.ip follows X-Forwarded-For through the configured number of proxies only (the free allowance counts by it).
    trustProxy: deps.config.allowance.trustedProxies > 0 ? (_address: string, hop: number) => hop < deps.config.allowance.trustedProxies : false,
  });
  app.addHook('onClose', async () => parts.stop());
  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked by their zod schemas as they are encoded; kept answers come encoded (api/serializer.ts).
  app.setSerializerCompiler(answerSerializerCompiler());
  installErrorHandlers(app);
  app.register(cors, corsOptions);
  installMetrics(app);
  installHealth(app, deps);

  const { ctx, tokens, ideas, launch } = parts;
  app.register(async (api) => {
    await registerOpenApi(api);
    // Before the payments hook: the reference page and its assets are not reads counted against the allowance.
    await registerApiDocs(api);
    installPayments(api, { ctx, paidCalls: deps.paidCalls });
    await api.register(coinRoutes(ctx), { prefix: API_PREFIX });
    await api.register(tradeRoutes(ctx), { prefix: API_PREFIX });
    await api.register(ohlcvRoutes(ctx), { prefix: API_PREFIX });
    await api.register(hookRoutes(ctx), { prefix: API_PREFIX });
    await api.register(ideaRoutes(ctx, ideas), { prefix: API_PREFIX });
    await api.register(tokenRoutes(ctx, tokens), { prefix: API_PREFIX });
    await api.register(tokenQuoteRoutes(ctx, launch));
    await api.register(platformRoutes(ctx), { prefix: API_PREFIX });
    await api.register(holderRoutes(ctx), { prefix: API_PREFIX });
    await api.register(healthRoutes(ctx), { prefix: API_PREFIX });
    await api.register(rewardRoutes(ctx), { prefix: API_PREFIX });
    await api.register(walletRewardRoutes(ctx), { prefix: API_PREFIX });
    await api.register(creatorRoutes(ctx), { prefix: API_PREFIX });
    await api.register(streamRoutes(ctx), { prefix: API_PREFIX });
    await api.register(launchRoutes(launch), { prefix: API_PREFIX });
    const webhooks = deps.webhooks && deps.opstore ? { ...deps.webhooks, opstore: deps.opstore, now: () => ctx.now().getTime() } : null;
    await api.register(webhookRoutes(webhooks), { prefix: API_PREFIX });
    installOpenApiRoute(api);
  });
  // The site's pages and coin resources sit outside /api/v1 and its OpenAPI document.
  const siteSources = { board: ctx.views.board, ...(deps.opstore ? { opstore: deps.opstore } : {}) };
  app.register(siteRoutes(deps, siteSources));
  app.register(sitePageRoutes(siteSources));
  return app;
}
