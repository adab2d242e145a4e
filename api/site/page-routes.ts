// The site's pages and their assets, served outside /api/v1: `/` (the coin board), `/coins/{mint}`, `/ideas`,
// `/ideas/{id}` and `/platform`. Each page is a small HTML shell naming its script; the script reads the public API
// like any client and renders creator and idea text as text only. The shell's status says whether the coin exists,
// so a link to an unknown coin answers 404. A strict Content-Security-Policy lets a page run only the service's
// own scripts and styles and talk only to its own origin.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mintParams } from '../../schemas/api/coins.js';

import { coinOnSite, type SiteSources } from './coin-on-site.js';
import { buildSiteAssets, encodingFor, type SiteAssets, type SitePage } from './site-assets.js';

export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const ASSET_CACHE = 'public, max-age=31536000, immutable';

const TITLES: Record<SitePage, string> = {
  board: 'Coins',
  coin: 'Coin',
  ideas: 'Ideas',
  idea: 'Idea',
  platform: 'Platform',
};

function pageHtml(assets: SiteAssets, page: SitePage): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TITLES[page]} · launchtape</title>
<link rel="stylesheet" href="/assets/${assets.styles}">
<script type="module" src="/assets/${assets.scripts[page]}"></script>
</head>
<body>
<header class="top"><a class="brand" href="/">launchtape</a><nav><a href="/">Coins</a><a href="/ideas">Ideas</a><a href="/platform">Platform</a><a href="/docs">API</a></nav></header>
<main id="app" data-page="${page}"><p class="loading">Loading…</p></main>
</body>
</html>
`;
}

export function sitePageRoutes(sources: SiteSources): FastifyPluginAsyncZod {
  let assets: Promise<SiteAssets> | null = null;
  const siteAssets = (): Promise<SiteAssets> => {
    assets ??= buildSiteAssets().catch((error: unknown) => {
      assets = null;
      throw error;
    });
    return assets;
  };

  return async (app) => {
    // A listening service builds the assets straight away, so its first visitor does not wait for the bundle.
    app.addHook('onListen', async () => {
      siteAssets().catch((error: unknown) => app.log.error({ err: error }, 'building the site failed'));
    });
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', PAGE_CSP);
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    });

    const page =
      (name: SitePage, status = 200) =>
      async (_request: unknown, reply: FastifyReply) => {
        const html = pageHtml(await siteAssets(), name);
        return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
      };

    app.get('/', { schema: { hide: true } }, page('board'));
    app.get('/ideas', { schema: { hide: true } }, page('ideas'));
    app.get('/ideas/:id', { schema: { hide: true, params: z.object({ id: z.string().min(1).max(200) }) } }, page('idea'));
    app.get('/platform', { schema: { hide: true } }, page('platform'));
    app.get('/coins/:mint', { schema: { hide: true, params: mintParams } }, async (request, reply) => {
      const known = (await coinOnSite(sources, request.params.mint)) !== null;
      return page('coin', known ? 200 : 404)(request, reply);
    });

    app.get('/assets/:file', { schema: { hide: true, params: z.object({ file: z.string().max(100) }) } }, async (request, reply) => {
      const asset = (await siteAssets()).files.get(request.params.file);
      if (asset === undefined) return reply.code(404).send({ error: `no asset ${request.params.file}` });
      const encoding = encodingFor(request.headers['accept-encoding']);
      reply.type(asset.contentType).header('cache-control', ASSET_CACHE).header('vary', 'accept-encoding');
      if (encoding !== null) reply.header('content-encoding', encoding);
      return reply.send(encoding === null ? asset.raw : asset[encoding]);
    });
  };
}
