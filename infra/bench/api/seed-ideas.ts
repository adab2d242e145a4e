// Ideas for the API bench's board, written through the ideas import: some named like coins of the dataset and
// dated before their launch (the board links them and shows their market caps), some scored by the crew in the
// last day (they lead the board), the rest older. Returns the texts the bench searches the board with.
import { importIdeas } from '../../../api/ideas/idea-import.js';
import { ideasFile } from '../../../api/ideas/idea-import.js';
import type { OpStore } from '../../opstore/op-store.js';
import { NATIVE_MINT_ID } from '../../../schemas/programs/token-addresses.js';
import { BenchRandom } from './bench-random.js';
import type { Catalog } from './dataset-catalog.js';

const TRENDS = ['AI agents', 'memecoins', 'space', 'sports', 'gaming', 'weather', 'elections', 'music', 'food', 'pets'];
const WORDS = ['Orbit', 'Signal', 'Harbor', 'Summit', 'Ember', 'Drift', 'Pulse', 'Vertex', 'Tundra', 'Mosaic', 'Quill', 'Lantern'];

export async function seedIdeas(store: OpStore, catalog: Catalog, count: number, seed: number): Promise<string[]> {
  const random = new BenchRandom(seed);
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
  const launched = catalog.coins.filter((coin) => catalog.now - coin.launchTime > 3_600);
  const ideas = Array.from({ length: count }, (_, i) => {
    const coin = i % 3 === 0 && launched.length > 0 ? random.pick(launched) : null;
    const word = random.pick(WORDS);
    const name = coin?.name ?? `${word} ${random.pick(WORDS)} ${i}`;
    const ticker = coin?.symbol ?? `${word.slice(0, 3).toUpperCase()}${i}`;
    const createdAt = coin === null ? catalog.now - random.int(30 * 86_400) : coin.launchTime - 600 - random.int(86_400);
    const scored = coin === null && random.chance(0.4);
    return {
      id: `bench-idea-${i}`,
      name,
      ticker,
      pitch: `A coin about ${name.toLowerCase()} for people who follow ${random.pick(TRENDS)}.`,
      trend: random.pick(TRENDS),
      story: `Story ${i}: ${random.pick(WORDS)} meets ${random.pick(WORDS)}.`,
      takes: [`Take one on ${word}`, `Take two on ${random.pick(TRENDS)}`],
      pair: NATIVE_MINT_ID,
      crew: scored ? { scores: Array.from({ length: 5 }, () => random.int(21)), scoredAt: iso(catalog.now - random.int(20 * 3_600)) } : null,
      createdAt: iso(createdAt),
    };
  });
  await importIdeas(store, ideasFile.parse({ ideas }));
  return [...TRENDS.map((trend) => trend.split(' ')[0]!), ...WORDS.map((word) => word.toLowerCase())];
}
