// Ideas on the devnet: ideas imported into the operational store become launched when the simulator launches
// a coin with their name and ticker after their creation, read from the chain by the pipeline; compared with
// the launches the programs logged in the devnet's own ledger (never the pipeline's).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importIdeas, parseIdeasFile } from '../../api/ideas/idea-import.js';
import { matchKey } from '../../api/ideas/idea-records.js';
import type { OpStore } from '../../infra/opstore/op-store.js';
import { openOpStore } from '../../infra/opstore/open-op-store.js';
import { programDataLogs } from '../../schemas/programs/event-set.js';
import { decodeLaunchpadEvent } from '../../schemas/programs/launchpad/events.js';
import { decodePoolVenueEvent } from '../../schemas/programs/pool-venue/events.js';
import type { Idea } from '../../schemas/api/ideas.js';
import { CONFIG } from '../ingest/chain-fixture.js';
import { startService, type ServiceHarness } from './service-harness.js';

interface ChainLaunch {
  mint: string;
  name: string;
  symbol: string;
  venue: 'launchpad' | 'pool-venue';
  slot: number;
  blockTimeMs: number;
}

/** Launches the programs logged in slots [from, to], in chain order. */
function chainLaunches(h: ServiceHarness, from: number, to: number): ChainLaunch[] {
  const launches: ChainLaunch[] = [];
  for (let slot = from; slot <= to; slot++) {
    const block = h.devnet.bank.getBlock(slot);
    if (block === undefined) throw new Error(`slot ${slot} is no longer kept`);
    for (const tx of block.transactions) {
      if (tx.meta.err !== null) continue;
      for (const log of programDataLogs(tx.meta.logMessages ?? [])) {
        const at = { slot, blockTimeMs: block.blockTime * 1000 };
        if (log.programId === CONFIG.programs.launchpad) {
          const event = decodeLaunchpadEvent(log.bytes);
          if (event?.name === 'CoinCreated')
            launches.push({ mint: event.data.mint, name: event.data.name, symbol: event.data.symbol, venue: 'launchpad', ...at });
        } else if (log.programId === CONFIG.programs.poolVenue) {
          const event = decodePoolVenueEvent(log.bytes);
          if (event?.name === 'PoolCreated' && event.data.kind === 'launch') {
            launches.push({ mint: event.data.mint, name: event.data.name, symbol: event.data.symbol, venue: 'pool-venue', ...at });
          }
        }
      }
    }
  }
  return launches;
}

interface ImportedIdea {
  id: string;
  name: string;
  ticker: string;
  createdAtMs: number;
}

/** The coin an idea should show: the earliest launch with its key at or after its creation. */
function expectedLaunch(idea: ImportedIdea, launches: ChainLaunch[]): ChainLaunch | null {
  return launches.find((l) => matchKey(l.name, l.symbol) === matchKey(idea.name, idea.ticker) && l.blockTimeMs >= idea.createdAtMs) ?? null;
}

let h: ServiceHarness;
let store: OpStore;
let dir: string;
const imported: ImportedIdea[] = [];

async function importAll(ideas: ImportedIdea[]): Promise<void> {
  imported.push(...ideas);
  const file = ideas.map((i) => ({
    id: i.id,
    name: i.name,
    ticker: i.ticker,
    pitch: 'p',
    trend: 't',
    story: 's',
    crew: { scores: [10, 10, 10, 10, 10], scoredAt: new Date(i.createdAtMs).toISOString() },
    createdAt: new Date(i.createdAtMs).toISOString(),
  }));
  await importIdeas(store, parseIdeasFile(JSON.stringify(file)));
}

async function expectBoardMatchesChain(last: number): Promise<Idea[]> {
  const launches = chainLaunches(h, h.fromSlot, last);
  const { status, body } = await h.get<{ ideas: Idea[] }>('/api/v1/ideas?limit=25');
  expect(status).toBe(200);
  expect(body.ideas).toHaveLength(imported.length);
  for (const idea of imported) {
    const shown = body.ideas.find((i) => i.id === idea.id)!;
    const launch = expectedLaunch(idea, launches);
    expect({ id: idea.id, launched: shown.launched && { mint: shown.launched.mint, venue: shown.launched.venue } }).toEqual({
      id: idea.id,
      launched: launch && { mint: launch.mint, venue: launch.venue },
    });
    if (shown.launched !== null) {
      const coin = (await h.get<{ marketCap: string | null; quote: { mint: string } }>(`/api/v1/coins/${shown.launched.mint}`)).body;
      if (coin.quote.mint === 'So11111111111111111111111111111111111111112') expect(shown.launched.marketCapLamports).toBe(coin.marketCap);
    }
  }
  return body.ideas;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ideas-e2e-'));
  store = await openOpStore({ dataDir: dir });
  h = await startService({ seed: 23, tune: { launchesPerSlot: 0.5 }, api: { opstore: store } });
});
afterAll(async () => {
  await h?.stop();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('an imported idea becomes launched when a coin with its name and ticker launches after it', async () => {
  await h.step(24);
  let last = await h.settle();
  const first = chainLaunches(h, h.fromSlot, last);
  const keys = [...new Map(first.map((l) => [matchKey(l.name, l.symbol), l])).values()].slice(0, 8);
  expect(keys.length).toBeGreaterThanOrEqual(3);
  const lastTimeMs = h.devnet.bank.getBlock(last)!.blockTime * 1000;

  // Ideas made long before the coins (tied to the earliest coin of their name) and just after them (not yet).
  await importAll(
    keys.flatMap((l, i) => [
      { id: `early-${i}`, name: l.name, ticker: `$${l.symbol.toLowerCase()}`, createdAtMs: Date.UTC(2000, 0, 1) },
      { id: `late-${i}`, name: l.name.toUpperCase(), ticker: l.symbol, createdAtMs: lastTimeMs + 1_000 },
    ]),
  );
  const board = await expectBoardMatchesChain(last);
  expect(board.filter((i) => i.id.startsWith('early-')).every((i) => i.launched !== null)).toBe(true);
  expect(board.filter((i) => i.id.startsWith('late-')).every((i) => i.launched === null)).toBe(true);

  // The chain goes on until a new coin repeats one of those names: the matching late idea is now launched.
  const lateKeys = new Set(keys.map((l) => matchKey(l.name, l.symbol)));
  let repeated: ChainLaunch | undefined;
  for (let round = 0; round < 12 && repeated === undefined; round++) {
    await h.step(16);
    last = await h.settle();
    repeated = chainLaunches(h, h.fromSlot, last).find((l) => l.blockTimeMs > lastTimeMs && lateKeys.has(matchKey(l.name, l.symbol)));
  }
  expect(repeated).toBeDefined();
  const after = await expectBoardMatchesChain(last);
  expect(after.some((i) => i.id.startsWith('late-') && i.launched?.mint === repeated!.mint)).toBe(true);
  const launchedOnly = (await h.get<{ ideas: Idea[] }>('/api/v1/ideas?launched=true&limit=25')).body.ideas;
  expect(launchedOnly.map((i) => i.id).sort()).toEqual(
    after
      .filter((i) => i.launched !== null)
      .map((i) => i.id)
      .sort(),
  );
});
