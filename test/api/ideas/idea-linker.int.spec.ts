// The idea linker on an embedded operational store and a stand-in for the coins projection: the first pass
// matches every coin, later passes only coins launched since (and ideas written since); earliest coin wins,
// a coin launched before the idea does not count, and a link stays.
import { ReadPath } from '../../../projections/read-path.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importIdeas, parseIdeasFile } from '../../../api/ideas/idea-import.js';
import { IdeaLinker } from '../../../api/ideas/idea-linker.js';
import { ideasCollection } from '../../../api/ideas/idea-records.js';
import { IdeaSnapshot } from '../../../api/ideas/idea-snapshot.js';
import type { CoinIdentity } from '../../../api/queries/ideas.js';
import type { Olap } from '../../../infra/olap/olap.js';
import type { OpStore } from '../../../infra/opstore/op-store.js';
import { openOpStore } from '../../../infra/opstore/open-op-store.js';

/** The coins projection as the linker queries it: coins from a launch slot on, and which slots were asked. */
class CoinsStandIn {
  coins: CoinIdentity[] = [];
  asked: number[] = [];
  olap = {
    query: async (_sql: string, params?: Record<string, unknown>) => {
      const from = Number(params?.fromSlot ?? 0);
      this.asked.push(from);
      return this.coins.filter((coin) => coin.launchSlot >= from).sort((a, b) => a.launchSlot - b.launchSlot);
    },
  } as unknown as Olap;
  reads = new ReadPath(this.olap);

  launch(mint: string, name: string, symbol: string, launchSlot: number, launchMs: number): void {
    this.coins.push({ mint, name, symbol, route: 'launchpad', launchSlot, launchMs });
  }
}

const T0 = Date.UTC(2025, 0, 1);
let dir: string;
let store: OpStore;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'idea-linker-'));
  store = await openOpStore({ dataDir: dir });
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('links ideas to coins launched after them, looking at new coins only once caught up', async () => {
  const chain = new CoinsStandIn();
  const linker = new IdeaLinker(chain.reads, store, new IdeaSnapshot(store), 0);
  chain.launch('mint-early', 'Moon Frog', 'MOFRO', 10, T0 - 1_000);
  await importIdeas(
    store,
    parseIdeasFile(JSON.stringify([idea('a', 'Moon Frog', 'MOFRO', T0), idea('b', 'Pixel Yeti', '$PIYET', T0), idea('c', 'Neon Cat', 'NECAT', T0)])),
  );

  await linker.link();
  expect(chain.asked).toEqual([0]);
  // The only Moon Frog launched before the idea was made.
  expect(await launchedMint('a')).toBeNull();

  await sleep(5);
  chain.launch('mint-frog', 'moon  frog', '$mofro', 20, T0 + 1_000);
  chain.launch('mint-yeti-1', 'Pixel Yeti', 'PIYET', 21, T0 + 2_000);
  chain.launch('mint-yeti-2', 'Pixel Yeti', 'PIYET', 22, T0 + 3_000);
  chain.launch('mint-other', 'Giga Otter', 'GIOTT', 22, T0 + 3_000);
  await linker.link();
  expect(chain.asked.at(-1)).toBe(10);
  expect(await launchedMint('a')).toBe('mint-frog');
  expect(await launchedMint('b')).toBe('mint-yeti-1');
  expect(await launchedMint('c')).toBeNull();

  await sleep(5);
  chain.launch('mint-cat', 'Neon Cat', 'NECAT', 30, T0 + 4_000);
  chain.launch('mint-frog-2', 'Moon Frog', 'MOFRO', 30, T0 + 4_000);
  await Promise.all([linker.link(), linker.link()]);
  expect(chain.asked.at(-1)).toBe(22);
  expect(await launchedMint('c')).toBe('mint-cat');
  // A link stays: a later coin of the same name does not move it.
  expect(await launchedMint('a')).toBe('mint-frog');

  // An idea written after the last pass is matched against every coin, the earlier ones included.
  await importIdeas(store, parseIdeasFile(JSON.stringify([idea('d', 'Giga Otter', 'GIOTT', T0)])));
  await linker.link();
  expect(chain.asked.at(-1)).toBe(0);
  expect(await launchedMint('d')).toBe('mint-other');
});
