// The site's coin resources through app.inject on a store fed the coins' launches through the log (real
// projections, live views) and a real operational store: the metadata document and image of a coin launched here
// (exact JSON, bytes, headers), a coin launched elsewhere (chain facts, no image), a landed launch the projection has
// not reached yet, records that must not speak for a coin (another creator's, abandoned, not landed), stored bytes
// that are not an image of a taken type, 400 and 404, and the routes' absence from the API's OpenAPI document.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putImage } from '../../../api/launch/images.js';
import { launchImages, launches, type LaunchRecord, type LaunchState } from '../../../api/launch/records.js';
import { siteRootOf } from '../../../api/site/routes.js';
import type { OpStore } from '../../../infra/opstore/op-store.js';
import { openOpStore } from '../../../infra/opstore/open-op-store.js';
import { loadConfig } from '../../../schemas/config.js';
import { NATIVE_MINT_ID } from '../../../schemas/programs/token-addresses.js';
import { openLiveStore, type LiveStore } from '../../fixtures/live-store.js';
import { PNG } from '../launch/kit-wallet.js';
import { addressOf, launched } from '../fixtures/events.js';

const SITE = 'https://site.example';
/** A 1x1 GIF. */
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64');

const mint = (key: string) => addressOf(`site:mint:${key}`);
const creator = (key: string) => addressOf(`site:creator:${key}`);

let store: LiveStore;
let opstore: OpStore;
let app: FastifyInstance;

function chainLaunch(key: string, name: string, symbol: string, seconds: number) {
  return launched(
    { label: `site:launch:${key}`, seconds },
    {
      mint: mint(key),
      route: 'pool-venue',
      creator: creator(key),
      payer: creator(key),
      mode: 'holder',
      holdersPaid: 'pair',
      quoteMint: NATIVE_MINT_ID,
      quoteDecimals: 9,
      tokenProgram: 'spl',
      decimals: 6,
      totalSupply: '1000000000000000',
      feeBps: 100,
      hooks: [],
      antiSniper: null,
      curve: null,
      pool: addressOf(`site:pool:${key}`),
      basket: [],
      creatorRecipients: [],
      untrusted: { name, symbol, uri: `https://elsewhere.example/${key}.json` },
    },
  );
}

function launchRecord(
  key: string,
  state: LaunchState,
  text: { name: string; ticker: string; description?: string; socials?: object },
  by = creator(key),
): LaunchRecord {
  return {
    id: mint(key),
    route: 'pool-venue',
    creator: by,
    state,
    mintSource: 'browser',
    sponsored: false,
    market: addressOf(`site:pool:${key}`),
    quoteMint: NATIVE_MINT_ID,
    prepared: [],
    lastValidBlockHeight: 0,
    submittedHash: null,
    signed: [],
    signatures: [],
    sent: 0,
    landedSlot: state === 'confirmed' ? 1 : null,
    reason: state === 'abandoned' ? 'expired' : null,
    description: text.description ?? null,
    socials: JSON.stringify({ x: null, telegram: null, website: null, ...text.socials }),
    settings: JSON.stringify({ name: text.name, ticker: text.ticker, mode: 'holder', feeBps: 100 }),
    buy: null,
    createdAt: 0,
    updatedAt: 0,
  };
}

async function keep(record: LaunchRecord, image?: string): Promise<void> {
  await opstore.transact(async (tx) => {
    await tx.insert(launches, record);
    if (image !== undefined) await putImage(tx, record.id, image);
  });
}

beforeAll(async () => {
  const events = [
    chainLaunch('harbor', 'Harbor Light', 'HRBR', 1_750_000_000),
    chainLaunch('plain', 'Plain Coin', 'PLN', 1_750_000_100),
    chainLaunch('stray', 'Stray', 'STR', 1_750_000_200),
    chainLaunch('gone', 'Gone', 'GONE', 1_750_000_300),
    chainLaunch('svg', 'Vector', 'VEC', 1_750_000_400),
    chainLaunch('claimed', 'Claimed', 'CLM', 1_750_000_500),
  ];
  const config = loadConfig({ SITE_URL: `${SITE}/` });
  store = await openLiveStore({ config, events });

  opstore = await openOpStore({ dataDir: join(store.dir, 'opstore') });
  await keep(
    launchRecord('harbor', 'confirmed', {
      name: 'Harbor Light',
      ticker: 'HRBR',
      description: 'A lighthouse coin.\n<script>alert("x")</script>',
      socials: { x: 'https://x.com/harbor', telegram: 'https://t.me/harbor', website: 'https://harbor.example' },
    }),
    PNG,
  );
  await keep(launchRecord('stray', 'confirmed', { name: 'Impostor', ticker: 'IMP', description: 'not the creator' }, creator('someone-else')), PNG);
  await keep(launchRecord('gone', 'abandoned', { name: 'Gone', ticker: 'GONE', description: 'never landed' }), PNG);
  await keep(launchRecord('lagging', 'confirmed', { name: 'Lagging', ticker: 'LAG', socials: { website: 'https://lag.example' } }), PNG);
  await keep(launchRecord('inflight', 'sending', { name: 'In Flight', ticker: 'FLY' }), PNG);
  await keep(launchRecord('svg', 'confirmed', { name: 'Vector', ticker: 'VEC' }));
  await opstore.insert(launchImages, { id: mint('svg'), type: 'image/png', base64: SVG });
  // The stored type says PNG; the bytes are a GIF: the bytes decide.
  await keep(launchRecord('claimed', 'sending', { name: 'Claimed', ticker: 'CLM' }));
  await opstore.insert(launchImages, { id: mint('claimed'), type: 'image/png', base64: GIF });

  app = store.app({ opstore });
});

afterAll(async () => {
  // The app before the operational store it reads; closing the store then removes the temp dir both live in.
  await app?.close();
  await opstore?.close();
  await store?.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('GET /coins/{mint}/metadata.json', () => {
  it('answers a coin launched here with its launch text, links and image, as JSON data', async () => {
    const res = await get(`/coins/${mint('harbor')}/metadata.json`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.json()).toEqual({
      name: 'Harbor Light',
      symbol: 'HRBR',
      description: 'A lighthouse coin.\n<script>alert("x")</script>',
      image: `${SITE}/coins/${mint('harbor')}/image`,
      external_url: `${SITE}/coins/${mint('harbor')}`,
      extensions: { website: 'https://harbor.example', twitter: 'https://x.com/harbor', telegram: 'https://t.me/harbor' },
    });
  });

  it('answers a coin launched elsewhere from its chain facts, without an image', async () => {
    const res = await get(`/coins/${mint('plain')}/metadata.json`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Plain Coin', symbol: 'PLN', external_url: `${SITE}/coins/${mint('plain')}` });
  });

  it('answers a landed launch the projection has not reached yet from its record', async () => {
    const res = await get(`/coins/${mint('lagging')}/metadata.json`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Lagging',
      symbol: 'LAG',
      image: `${SITE}/coins/${mint('lagging')}/image`,
      external_url: `${SITE}/coins/${mint('lagging')}`,
      extensions: { website: 'https://lag.example' },
    });
  });

  it("never lets another creator's record or an abandoned launch speak for a coin", async () => {
    for (const [key, name, symbol] of [
      ['stray', 'Stray', 'STR'],
      ['gone', 'Gone', 'GONE'],
    ] as const) {
      const res = await get(`/coins/${mint(key)}/metadata.json`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ name, symbol, external_url: `${SITE}/coins/${mint(key)}` });
      expect((await get(`/coins/${mint(key)}/image`)).statusCode).toBe(404);
    }
  });

  it('leaves the image out when the stored bytes are not a PNG, JPEG, GIF or WebP image', async () => {
    const res = await get(`/coins/${mint('svg')}/metadata.json`);
    expect(res.json()).toEqual({ name: 'Vector', symbol: 'VEC', external_url: `${SITE}/coins/${mint('svg')}` });
  });

  it('answers 404 { error } for a mint no coin is known at, and a launch that has not landed', async () => {
    for (const unknown of [mint('nowhere'), mint('inflight')]) {
      const res = await get(`/coins/${unknown}/metadata.json`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: `no coin ${unknown} on this network` });
    }
  });

  it('answers 400 { error } for a malformed mint', async () => {
    for (const bad of ['not-a-mint', '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl', `${mint('harbor')}x`]) {
      const res = await get(`/coins/${bad}/metadata.json`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: expect.stringMatching(/^invalid params: mint/) });
    }
  });
});

describe('GET /coins/{mint}/image', () => {
  it('serves the stored bytes with the type they are, never sniffed and cached long', async () => {
    const res = await get(`/coins/${mint('harbor')}/image`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(Buffer.from(PNG, 'base64').length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('takes the content type from the bytes, not from what was claimed', async () => {
    const res = await get(`/coins/${mint('claimed')}/image`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.rawPayload.equals(Buffer.from(GIF, 'base64'))).toBe(true);
  });

  it('never serves bytes that are not an image of a taken type', async () => {
    const res = await get(`/coins/${mint('svg')}/image`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: `no image for coin ${mint('svg')}` });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers 404 for a coin launched elsewhere and for an unknown mint, 400 for a malformed one', async () => {
    expect((await get(`/coins/${mint('plain')}/image`)).json()).toEqual({ error: `no image for coin ${mint('plain')}` });
    const unknown = await get(`/coins/${mint('nowhere')}/image`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: `no coin ${mint('nowhere')} on this network` });
    expect((await get('/coins/not-a-mint/image')).statusCode).toBe(400);
  });
});

describe('the site beside the API', () => {
  it('keeps its routes out of the OpenAPI document of /api/v1', async () => {
    const doc = (await get('/api/v1/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/coins/{mint}');
    expect(Object.keys(doc.paths).filter((path) => path.includes('metadata.json') || path.endsWith('/image'))).toEqual([]);
  });

  it('builds its links on the root the launch routes write into metadata URIs, else the configured one', () => {
    const config = loadConfig({ SITE_URL: 'https://configured.example' });
    const launch = { rpcUrl: 'http://127.0.0.1:1', programs: config.programs, siteUrl: 'https://launch.example', keys: null };
    expect(siteRootOf({ config, launch })).toBe('https://launch.example');
    expect(siteRootOf({ config })).toBe('https://configured.example');
  });
});
