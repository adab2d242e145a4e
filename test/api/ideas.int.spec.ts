// GET /ideas and GET /ideas/{id} on the API fixture's coins (chDB through the projections) and an embedded operational store:
// board order, filters, the launched link from name and ticker with its market cap in lamports, the import's
// validation and idempotence, 400s for invalid known keys (also beside an unknown key), and unknown keys ignored.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdeasFileError, importIdeas, parseIdeasFile } from '../../api/ideas/idea-import.js';
import { ideasCollection } from '../../api/ideas/idea-records.js';
import type { OpStore } from '../../infra/opstore/op-store.js';
import { openOpStore } from '../../infra/opstore/open-op-store.js';
import { DEVNET_ADDRESSES } from '../../schemas/devnet-addresses.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import { expectedFigures } from './fixtures/expected.js';
import { NOW, SOL_MICRO_USD } from './fixtures/market.js';
import { startApiHarness, type ApiHarness } from './harness.js';

const HOUR = 3_600;
const DAY = 86_400;
const at = (secondsBeforeNow: number) => new Date((NOW - secondsBeforeNow) * 1000).toISOString();

function idea(id: string, name: string, ticker: string, createdBefore: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    name,
    ticker,
    pitch: `A coin about ${name}`,
    trend: 'memes',
    story: `Story of ${name}.`,
    takes: ['Would buy.', 'Not sure.'],
    createdAt: at(createdBefore),
    ...extra,
  };
}
const crew = (scores: number[], scoredBefore: number) => ({ crew: { scores, scoredAt: at(scoredBefore) } });

const IDEAS = [
  idea('i-alpha', 'Alpha Dog', 'ALPHA', 4 * DAY, crew([19, 19, 19, 19, 19], HOUR)),
  idea('i-beta', ' beta  CAT ', '$beta', 3 * HOUR, { pair: DEVNET_ADDRESSES.stablecoinMint, ...crew([5, 5, 5, 5, 5], 2 * HOUR) }),
  idea('i-gamma-late', 'Gamma Ray Dog', 'GAMMA', DAY, crew([2, 2, 2, 2, 2], DAY - 60)),
  idea('i-fresh', 'Fresh Start', 'FRESH', HOUR, crew([20, 20, 20, 20, 20], HOUR / 2)),
  idea('s1', 'Solar One', 'SONE', 5 * HOUR, crew([18, 18, 18, 18, 18], 2 * HOUR)),
  idea('s2', 'Solar Two', 'STWO', 3 * HOUR, { ...crew([14, 14, 14, 14, 14], HOUR), trend: 'Solar flares' }),
  idea('s3', 'Solar Three', 'STHREE', 2 * HOUR, crew([10, 20, 10, 20, 10], HOUR / 2)),
  idea('s4', 'Old Star', 'OLD', 2 * DAY, { ...crew([20, 20, 20, 20, 20], 2 * DAY), pitch: 'Gives 100% of fees back' }),
  idea('u1', 'Unscored', 'UNS', 600),
];

let h: ApiHarness;
let store: OpStore;
let app: FastifyInstance;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ideas-int-'));
  h = await startApiHarness();
  store = await openOpStore({ dataDir: dir });
  await importIdeas(store, parseIdeasFile(JSON.stringify({ ideas: IDEAS })));
  app = h.app(0, { opstore: store });
});
afterAll(async () => {
  await h?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function get(url: string, on = app) {
  const res = await on.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}
const ids = (body: { ideas: { id: string }[] }) => body.ideas.map((i) => i.id);

describe('GET /ideas', () => {
  it('orders the board: scored in the last day and not launched by score then newest, then the rest newest first', async () => {
    const { status, body } = await get('/api/v1/ideas?limit=25');
    expect(status).toBe(200);
    expect(ids(body)).toEqual(['s1', 's3', 's2', 'i-gamma-late', 'i-fresh', 'i-beta', 's4', 'i-alpha']);
    expect(ids((await get('/api/v1/ideas')).body)).toHaveLength(8);
    expect(ids((await get('/api/v1/ideas?limit=2')).body)).toEqual(['s1', 's3']);
    expect(ids((await get('/api/v1/ideas?limit=4')).body)).toEqual(['s1', 's3', 's2', 'i-gamma-late']);
  });

  it('leaves an idea the crew has not scored off the board, so every crewScore is 0 to 100', async () => {
    const { body } = await get('/api/v1/ideas?limit=25');
    expect(ids(body)).not.toContain('u1');
    for (const item of body.ideas) expect(item.crewScore).toEqual(expect.any(Number));
    expect(ids((await get('/api/v1/ideas?q=unscored')).body)).toEqual([]);
    const one = await get('/api/v1/ideas/u1');
    expect(one).toEqual({ status: 404, body: { error: 'idea u1 is not on the board yet: it shows once the crew has scored it' } });
  });

  it('answers every field of an idea', async () => {
    const { body } = await get('/api/v1/ideas?q=solar%20one');
    expect(body.ideas).toEqual([
      {
        id: 's1',
        user: {
          name: 'Solar One',
          ticker: 'SONE',
          pitch: 'A coin about Solar One',
          trend: 'memes',
          story: 'Story of Solar One.',
          takes: ['Would buy.', 'Not sure.'],
        },
        pair: { mint: NATIVE_MINT_ID, kind: 'sol' },
        crewScore: 90,
        scoredAt: at(2 * HOUR),
        launched: null,
        createdAt: at(5 * HOUR),
        page: 'http://localhost:8080/ideas/s1',
      },
    ]);
  });

  it('ties an idea to the coin launched after it with the same name and ticker, with its market cap in lamports', async () => {
    const { body } = await get('/api/v1/ideas?launched=true&limit=25');
    expect(ids(body)).toEqual(['i-fresh', 'i-beta', 'i-alpha']);
    const byId = new Map<string, Record<string, unknown>>(body.ideas.map((i: { id: string }) => [i.id, i]));
    const alphaCap = expectedFigures(h.fixture, h.fixture.coins.alpha.mint).marketCap!;
    expect(byId.get('i-alpha')?.launched).toEqual({ mint: h.fixture.coins.alpha.mint, venue: 'launchpad', marketCapLamports: alphaCap });
    const betaCap = BigInt(expectedFigures(h.fixture, h.fixture.coins.beta.mint).marketCap!);
    expect(byId.get('i-beta')?.launched).toEqual({
      mint: h.fixture.coins.beta.mint,
      venue: 'launchpad',
      marketCapLamports: ((betaCap * 1_000_000_000n) / SOL_MICRO_USD.latest).toString(),
    });
    expect(byId.get('i-beta')?.pair).toEqual({ mint: DEVNET_ADDRESSES.stablecoinMint, kind: 'stablecoin' });
    // Launched 30 seconds ago: its figures are still pending.
    expect(byId.get('i-fresh')?.launched).toEqual({ mint: h.fixture.coins.fresh.mint, venue: 'launchpad', marketCapLamports: null });
  });

  it('does not tie an idea to a coin launched before the idea was created', async () => {
    const { body } = await get('/api/v1/ideas?launched=false&limit=25');
    expect(ids(body)).toEqual(['s1', 's3', 's2', 'i-gamma-late', 's4']);
  });

  it('searches name, ticker, trend and pitch, case-insensitively and literally', async () => {
    expect(ids((await get('/api/v1/ideas?q=DOG&limit=25')).body)).toEqual(['i-gamma-late', 'i-alpha']);
    expect(ids((await get('/api/v1/ideas?q=stwo')).body)).toEqual(['s2']);
    expect(ids((await get('/api/v1/ideas?q=flares')).body)).toEqual(['s2']);
    expect(ids((await get('/api/v1/ideas?q=100%25')).body)).toEqual(['s4']);
    expect(ids((await get('/api/v1/ideas?q=_')).body)).toEqual([]);
    expect(ids((await get('/api/v1/ideas?q=dog&launched=true')).body)).toEqual(['i-alpha']);
  });

  it('links an idea imported after the board was first read', async () => {
    expect(ids((await get('/api/v1/ideas?q=quiet')).body)).toEqual([]);
    await importIdeas(store, parseIdeasFile(JSON.stringify([idea('i-quiet', 'Quiet Alpha', 'QUIET', 6 * HOUR, crew([1, 1, 1, 1, 1], 5 * HOUR))])));
    const { body } = await get('/api/v1/ideas?q=quiet');
    expect(body.ideas[0].launched).toMatchObject({ mint: h.fixture.coins.quiet.mint, venue: 'launchpad' });
    await store.delete(ideasCollection, 'i-quiet');
  });

  it('answers 400 { error } for bad parameters, also beside an unknown key', async () => {
    for (const url of [
      '/api/v1/ideas?limit=0',
      '/api/v1/ideas?limit=26',
      '/api/v1/ideas?limit=2.5',
      '/api/v1/ideas?launched=yes',
      '/api/v1/ideas?q=',
      '/api/v1/ideas?q=%20',
      `/api/v1/ideas?q=${'x'.repeat(65)}`,
      '/api/v1/ideas?sort=new&limit=0',
      '/api/v1/ideas?launched=yes&_=1700000000000',
    ]) {
      const { status, body } = await get(url);
      expect({ url, status }).toEqual({ url, status: 400 });
      expect(typeof body.error).toBe('string');
    }
  });

  it('ignores unknown keys: 200 and the answer without them, known keys still applied', async () => {
    for (const [url, without] of [
      ['/api/v1/ideas?sort=new', '/api/v1/ideas'],
      ['/api/v1/ideas?sort=new&limit=2', '/api/v1/ideas?limit=2'],
      ['/api/v1/ideas?_=1700000000000&launched=true&limit=25', '/api/v1/ideas?launched=true&limit=25'],
      ['/api/v1/ideas?q=dog&a[b]=1&__proto__=1', '/api/v1/ideas?q=dog'],
    ]) {
      const plain = await get(without!);
      expect(plain.status).toBe(200);
      expect(await get(url!), url).toEqual(plain);
    }
    expect(ids((await get('/api/v1/ideas?sort=new&limit=2')).body)).toEqual(['s1', 's3']);
  });

  it('answers an empty board without an operational store', async () => {
    expect((await get('/api/v1/ideas', h.app())).body).toEqual({ ideas: [] });
  });

  it('is in the OpenAPI document', async () => {
    const { body } = await get('/api/v1/openapi.json');
    expect(Object.keys(body.paths)).toContain('/ideas');
    expect(Object.keys(body.paths)).toContain('/ideas/{id}');
  });
});

describe('GET /ideas/{id}', () => {
  it('answers the idea as the board shows it, launched or not', async () => {
    const board = new Map<string, unknown>((await get('/api/v1/ideas?limit=25')).body.ideas.map((i: { id: string }) => [i.id, i]));
    for (const id of ['i-alpha', 'i-beta', 'i-fresh', 's2']) {
      const { status, body } = await get(`/api/v1/ideas/${id}`);
      expect({ id, status }).toEqual({ id, status: 200 });
      expect(body.idea).toEqual(board.get(id));
    }
  });

  it('answers 404 { error } for an unknown idea or without an operational store, 400 for an over-long id', async () => {
    for (const [url, on, status] of [
      ['/api/v1/ideas/nope', app, 404],
      ['/api/v1/ideas/i-alpha', h.app(), 404],
      [`/api/v1/ideas/${'x'.repeat(129)}`, app, 400],
    ] as const) {
      const answer = await get(url, on);
      expect({ url, status: answer.status }).toEqual({ url, status });
      expect(typeof answer.body.error).toBe('string');
    }
  });
});

describe('ideas import', () => {
  it('is idempotent by id, updates changed content and keeps the launched link', async () => {
    const file = parseIdeasFile(JSON.stringify({ ideas: IDEAS }));
    expect(await importIdeas(store, file)).toEqual({ added: 0, updated: 0, unchanged: IDEAS.length });
    const changed = IDEAS.map((i) => (i.id === 'i-alpha' ? { ...i, pitch: 'A better pitch' } : i));
    expect(await importIdeas(store, parseIdeasFile(JSON.stringify(changed)))).toEqual({ added: 0, updated: 1, unchanged: IDEAS.length - 1 });
    const stored = await store.get(ideasCollection, 'i-alpha');
    expect(stored).toMatchObject({ pitch: 'A better pitch', launchedMint: h.fixture.coins.alpha.mint });
    await importIdeas(store, parseIdeasFile(JSON.stringify(IDEAS)));
  });

  it('refuses an invalid file whole, naming each problem', async () => {
    const bad = [
      idea('ok', 'Fine', 'FINE', HOUR),
      idea('ok', 'Twice', 'TWICE', HOUR),
      idea('x1', 'Bad ticker', 'NOT A TICKER', HOUR),
      { ...idea('x2', 'Linked', 'LNK', HOUR), takes: ['see https://example.com'] },
      { ...idea('x3', 'Scored', 'SCR', HOUR), crew: { scores: [1, 2, 3], scoredAt: at(0) } },
      { id: 'x4' },
    ];
    let error: unknown;
    try {
      parseIdeasFile(JSON.stringify({ ideas: bad }));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(IdeasFileError);
    const text = (error as Error).message;
    expect(text).toContain('ideas[1].id: duplicate id ok');
    expect(text).toContain('ideas[2].ticker');
    expect(text).toContain('ideas[3].takes[0]: a take carries no links');
    expect(text).toContain('ideas[4].crew.scores: five scores');
    expect(text).toContain('ideas[5].name');
    expect(() => parseIdeasFile('{ not json')).toThrow(/not JSON/);
    expect(await store.get(ideasCollection, 'ok')).toBeNull();
  });
});
