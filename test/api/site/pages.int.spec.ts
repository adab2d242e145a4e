// The site's pages and assets through app.inject on the API fixture's market: each page is an HTML shell with no
// inline script or style, naming its hashed script and the style sheet; a coin page answers 404 for a coin no one
// knows; the Content-Security-Policy admits only this origin; assets come brotli- or gzip-compressed as the client
// accepts (or as they are), cacheable forever, and an unknown asset is 404; none of it is in the OpenAPI document.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CSP } from '../../../api/site/page-routes.js';
import { startApiHarness, type ApiHarness } from '../harness.js';
import { addressOf } from '../fixtures/events.js';

let h: ApiHarness;
let app: FastifyInstance;

beforeAll(async () => {
  h = await startApiHarness();
  app = h.app();
});
afterAll(async () => h?.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('the site pages', () => {
  it('serves each page as a shell naming its own script and the style sheet, under a strict policy', async () => {
    const mint = h.fixture.coins.alpha.mint;
    for (const [url, page] of [
      ['/', 'board'],
      [`/coins/${mint}`, 'coin'],
      ['/ideas', 'ideas'],
      ['/ideas/some-idea', 'idea'],
      ['/platform', 'platform'],
      ['/?q=x&_=1', 'board'],
    ]) {
      const response = await get(url!);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toBe(PAGE_CSP);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.body).toContain(`data-page="${page}"`);
      expect(response.body).toMatch(new RegExp(`<script type="module" src="/assets/${page}-[A-Z0-9]+\\.js"></script>`));
      expect(response.body).not.toMatch(/<script>|<style|\sstyle=|\son\w+=/);
    }
    expect(PAGE_CSP).toMatch(/default-src 'none'/);
    expect(PAGE_CSP).toMatch(/script-src 'self'(;|$)/);
    expect(PAGE_CSP).not.toMatch(/unsafe/);
  });

  it('answers 404 for a coin no one knows and 400 for a malformed mint', async () => {
    expect((await get(`/coins/${addressOf('site:nobody')}`)).statusCode).toBe(404);
    expect((await get('/coins/not-a-mint')).statusCode).toBe(400);
  });

  it('serves assets compressed as accepted, cacheable forever; an unknown one is 404', async () => {
    const shell = (await get('/')).body;
    const script = /src="(\/assets\/[^"]+)"/.exec(shell)![1]!;
    const styles = /href="(\/assets\/[^"]+)"/.exec(shell)![1]!;
    const plain = await get(script);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(script, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get(script, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect((await get(styles)).headers['content-type']).toBe('text/css; charset=utf-8');
    const missing = await get('/assets/nothing-here.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'no asset nothing-here.js' });
  });

  it('keeps the site out of the OpenAPI document', async () => {
    const doc = (await get('/api/v1/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/') || path === '/' || path.startsWith('/assets') || path === '/platform')).toEqual([]);
  });

  it('serves the API reference at /docs from the same document', async () => {
    const page = await get('/docs');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).not.toMatch(/script-src[^;]*unsafe|https:|upgrade-insecure-requests/);
    const document = (await get('/docs/json')).json();
    expect(document).toEqual((await get('/api/v1/openapi.json')).json());
  });
});
