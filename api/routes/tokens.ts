// Routes of the token search: `GET /tokens` (spec 2.14) and `GET /tokens/{mint}/logo` (the service's copy of a
// token's logo, which `logoUrl` points at). The aggregator comes from config.tokenSearch; without it the
// service answers from its own tokens.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noQuery } from '../../schemas/api/fields.js';
import { tokenMintParams, tokensQuery, tokensResponse } from '../../schemas/api/tokens.js';
import type { Address } from '@solana/kit';
import type { ApiContext } from '../deps.js';
import { sendAnswer } from './send-answer.js';
import type { LaunchContext } from '../launch/launch-context.js';
import { searchTokens, tokenLogo, type TokenSearchDeps } from '../handlers/tokens.js';
import { HttpTokenAggregator } from '../tokens/aggregator.js';
import { LogoStore } from '../tokens/token-logo.js';

/** What a logo may be served as (api/tokens/token-logo.ts keeps raster copies and generates SVG). */
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'];
const imageBytes = z.string().describe('The image bytes');

/** `launch`: the launch context, whose chain client reads the launchpad's quote configs; null without a chain. */
export function tokenSearchDeps(ctx: ApiContext, launch: LaunchContext | null = null): TokenSearchDeps {
  const settings = ctx.config.tokenSearch;
  const aggregator =
    settings?.url === undefined ? null : new HttpTokenAggregator({ baseUrl: settings.url, apiKey: settings.apiKey, timeoutMs: settings.timeoutMs });
  const quoteConfigs = launch === null ? null : (mint: Address) => launch.settings.quoteConfig(mint);
  return { aggregator, logos: new LogoStore(settings?.timeoutMs), quoteConfigs };
}

export function tokenRoutes(ctx: ApiContext, deps: TokenSearchDeps = tokenSearchDeps(ctx)): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/tokens',
      {
        schema: {
          tags: ['tokens'],
          summary: "Search tokens: the aggregator's answer, or the service's own tokens when none is configured or it fails",
          querystring: tokensQuery,
          response: { 200: tokensResponse, ...errorResponses },
        },
      },
      async (request, reply) =>
        sendAnswer(
          reply,
          await searchTokens(ctx, deps, request.query, (error) => request.log.warn({ err: error }, 'token aggregator failed; answering from own tokens')),
        ),
    );

    app.get(
      '/tokens/:mint/logo',
      {
        schema: {
          tags: ['tokens'],
          summary: "The service's copy of a token's logo (PNG, JPEG, GIF or WebP from the aggregator, else a generated SVG)",
          params: tokenMintParams,
          querystring: noQuery,
          response: {
            200: { description: 'The image', content: Object.fromEntries(LOGO_TYPES.map((type) => [type, { schema: imageBytes }])) },
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const logo = await tokenLogo(ctx, deps, request.params.mint);
        return (
          reply
            .type(logo.contentType)
            .header('cache-control', 'public, max-age=86400')
            .header('x-content-type-options', 'nosniff')
            .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
            // A Buffer goes out as it is: Fastify serialises only objects.
            .send(logo.body as unknown as string)
        );
      },
    );
  };
}
