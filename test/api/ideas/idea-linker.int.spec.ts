// The idea linker on an embedded operational store and the coin board of a live store, coins launched through the
// log: the first pass matches every coin, later passes only coins launched since (and ideas written since); earliest
// coin wins, a coin launched before the idea does not count, and a link stays.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { importIdeas, parseIdeasFile } from '../../../api/ideas/idea-import.js';
import { IdeaLinker } from '../../../api/ideas/idea-linker.js';
import { ideasCollection } from '../../../api/ideas/idea-records.js';
import type { OpStore } from '../../../infra/opstore/op-store.js';
import { openOpStore } from '../../../infra/opstore/open-op-store.js';
import { openLiveStore, type LiveStore } from '../../fixtures/live-store.js';
import { addr, launched } from '../../projections/event-fixtures.js';

const T0 = Date.UTC(2025, 0, 1);
let dir: string;
let store: OpStore;
let chain: LiveStore;
let tx = 1;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'idea-linker-'));
  store = await openOpStore({ dataDir: dir });
  chain = await openLiveStore({ clock: () => new Date(T0 + 60_000) });
});
afterAll(async () => {
  await chain?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A coin launched on chain at `launchSlot`, its block time `launchMs` (whole seconds, as the chain has them). */
const launch = (seed: number, name: string, symbol: string, launchSlot: number, launchMs: number) =>
  launched({ slot: launchSlot, tx: tx++, blockTime: launchMs / 1000 }, addr(seed), { untrusted: { name, symbol, uri: 'https://example.com/m.json' } });

const idea = (id: string, name: string, ticker: string, createdAtMs: number) => ({
  id,
  name,
  ticker,
  pitch: 'p',
  trend: 't',
  story: 's',
  createdAt: new Date(createdAtMs).toISOString(),
});
const launchedMint = async (id: string) => (await store.get(ideasCollection, id))?.launchedMint;
const ideas = () => store.query(ideasCollection);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('links ideas to coins launched after them, looking at new coins only once caught up', async () => {
  const board = chain.views.board;
  // Which launch slots each pass asked the board for.
  const asked = vi.spyOn(board, 'launchedFrom');
  const slots = () => asked.mock.calls.map(([fromSlot]) => fromSlot);
  const linker = new IdeaLinker(board, store, 0);
  const MOON_FROG_EARLY = addr(1);
  await chain.append([launch(1, 'Moon Frog', 'MOFRO', 10, T0 - 1_000)]);
  await importIdeas(
    store,
    parseIdeasFile(JSON.stringify([idea('a', 'Moon Frog', 'MOFRO', T0), idea('b', 'Pixel Yeti', '$PIYET', T0), idea('c', 'Neon Cat', 'NECAT', T0)])),
  );
  // The pass begins after the import's millisecond, so the next pass counts these ideas as looked at.
  await sleep(5);

  await linker.link(await ideas());
  expect(slots()).toEqual([0]);
  // The only Moon Frog launched before the idea was made.
  expect(await launchedMint('a')).toBeNull();
  expect(board.launchOf(MOON_FROG_EARLY)).toBeDefined();

  await sleep(5);
  await chain.append([
    launch(2, 'moon  frog', '$mofro', 20, T0 + 1_000),
    launch(3, 'Pixel Yeti', 'PIYET', 21, T0 + 2_000),
    launch(4, 'Pixel Yeti', 'PIYET', 22, T0 + 3_000),
    launch(5, 'Giga Otter', 'GIOTT', 22, T0 + 3_000),
  ]);
  await linker.link(await ideas());
  expect(slots().at(-1)).toBe(10);
  expect(await launchedMint('a')).toBe(addr(2));
  expect(await launchedMint('b')).toBe(addr(3));
  expect(await launchedMint('c')).toBeNull();

  await sleep(5);
  await chain.append([launch(6, 'Neon Cat', 'NECAT', 30, T0 + 4_000), launch(7, 'Moon Frog', 'MOFRO', 30, T0 + 4_000)]);
  const list = await ideas();
  const passes = slots().length;
  await Promise.all([linker.link(list), linker.link(list)]);
  // Two links at once share one pass.
  expect(slots().length).toBe(passes + 1);
  expect(slots().at(-1)).toBe(22);
  expect(await launchedMint('c')).toBe(addr(6));
  // A link stays: a later coin of the same name does not move it.
  expect(await launchedMint('a')).toBe(addr(2));

  // An idea written after the last pass is matched against every coin, the earlier ones included.
  await importIdeas(store, parseIdeasFile(JSON.stringify([idea('d', 'Giga Otter', 'GIOTT', T0)])));
  await linker.link(await ideas());
  expect(slots().at(-1)).toBe(0);
  expect(await launchedMint('d')).toBe(addr(5));
  asked.mockRestore();
});
