// The site's coin resources, outside the API prefix and its OpenAPI document: the metadata document whose URI a
// launch writes on chain (`GET /coins/{mint}/metadata.json`) and the coin image it points at
// (`GET /coins/{mint}/image`). Public, read-only and cacheable: any origin may read them (api/cors.ts: web wallets
// and explorers fetch them from the browser), nothing is ever sniffed or run from them, and errors are `{ error }`
// like the API's (400 for a malformed mint, 404 for a mint no coin is known at).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../schemas/api/fields.js';
import { mintParams } from '../../schemas/api/coins.js';
import { coinMetadataDocument } from '../../schemas/site/coin-metadata.js';
import type { ApiDeps } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { coinImage } from './coin-image.js';
import { coinMetadata } from './coin-metadata.js';
import { coinOnSite, type CoinOnSite, type SiteSources } from './coin-on-site.js';

/** A document served as data: no scripts, styles, frames or plugins from it, even when opened directly. */
export const DATA_CSP = "default-src 'none'; sandbox";
/** An image opened directly: the browser's own image view may style itself, nothing else runs. */
export const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/** The metadata may change while a launch is landing (projection lag); minutes of caching are safe. */
export const METADATA_CACHE = 'public, max-age=300';
/** A coin's image never changes once the coin is on chain (a mint on chain cannot be prepared again). */
export const IMAGE_CACHE = 'public, max-age=31536000, immutable';

/** The public root links in the documents are built on: the one the launch routes write into metadata URIs,
 * else the configured site root; without either, links are root-relative. */
export function siteRootOf(deps: Pick<ApiDeps, 'launch' | 'config'>): string {
  return deps.launch?.siteUrl ?? deps.config.siteUrl ?? '';
}

export function siteRoutes(deps: ApiDeps, sources: SiteSources): FastifyPluginAsyncZod {
  const siteUrl = siteRootOf(deps);
  const known = async (mint: string): Promise<CoinOnSite> => {
    const coin = await coinOnSite(sources, mint);
    if (coin === null) throw new NotFoundError(`no coin ${mint} on this network`);
    return coin;
  };

  return async (app) => {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', DATA_CSP);
    });

    app.get(
      '/coins/:mint/metadata.json',
      { schema: { hide: true, params: mintParams, response: { 200: coinMetadataDocument, ...errorResponses } } },
      async (request, reply) => {
        const coin = await known(request.params.mint);
        const image = await coinImage(deps.opstore, coin);
        reply.header('cache-control', METADATA_CACHE);
        return coinMetadata(siteUrl, coin, image !== null);
      },
    );

    app.get('/coins/:mint/image', { schema: { hide: true, params: mintParams } }, async (request, reply) => {
      const coin = await known(request.params.mint);
      const image = await coinImage(deps.opstore, coin);
      if (image === null) throw new NotFoundError(`no image for coin ${coin.mint}`);
      return reply.type(image.contentType).header('cache-control', IMAGE_CACHE).header('content-security-policy', IMAGE_CSP).send(image.bytes);
    });
  };
}
