// The devnet's seeded ideas: a valid ideas file for the board, and the simulator launching every IDEA_EVERY-th coin
// (from the IDEA_OFFSET-th) under the next idea's name and ticker, as the chain's launch events show.
import { QUICK_TUNE } from '../../../infra/devnet/simulator/simulator.js';
import { describe, expect, it } from 'vitest';
import { matchKey } from '../../../api/ideas/idea-records.js';
import { Devnet } from '../../../infra/devnet/devnet.js';
import { IDEA_EVERY, IDEA_OFFSET, SEEDED_IDEAS } from '../../../infra/devnet/simulator/seeded-ideas.js';
import { devnetIdeasFile } from '../../../infra/service/devnet-ideas.js';
import { programDataLogs } from '../../../schemas/programs/event-set.js';
import { decodeLaunchpadEvent } from '../../../schemas/programs/launchpad/events.js';
import { decodePoolVenueEvent } from '../../../schemas/programs/pool-venue/events.js';
import { CONFIG } from '../../ingest/chain-fixture.js';

/** Name and symbol of every launch the programs logged, in chain order. */
function launches(devnet: Devnet): { name: string; symbol: string }[] {
  const found: { name: string; symbol: string }[] = [];
  for (let slot = 1; slot <= devnet.bank.latestBlock.slot; slot++) {
    for (const tx of devnet.bank.getBlock(slot)?.transactions ?? []) {
      if (tx.meta.err !== null) continue;
      for (const log of programDataLogs(tx.meta.logMessages ?? [])) {
        if (log.programId === CONFIG.programs.launchpad) {
          const event = decodeLaunchpadEvent(log.bytes);
          if (event?.name === 'CoinCreated') found.push({ name: event.data.name, symbol: event.data.symbol });
        } else if (log.programId === CONFIG.programs.poolVenue) {
          const event = decodePoolVenueEvent(log.bytes);
          if (event?.name === 'PoolCreated' && event.data.kind === 'launch') found.push({ name: event.data.name, symbol: event.data.symbol });
        }
      }
    }
  }
  return found;
}

describe("the devnet's seeded ideas", () => {
  it('make a valid ideas file, every id and name-and-ticker key once, created before any launch', () => {
    const { ideas } = devnetIdeasFile();
    expect(ideas).toHaveLength(SEEDED_IDEAS.length);
    expect(new Set(ideas.map((idea) => idea.id)).size).toBe(ideas.length);
    expect(new Set(ideas.map((idea) => matchKey(idea.name, idea.ticker))).size).toBe(ideas.length);
    expect(ideas.filter((idea) => idea.crew !== null).length).toBeGreaterThan(0);
    for (const idea of ideas) expect(Date.parse(idea.createdAt)).toBeLessThan(Date.parse('2026-02-01T00:00:00Z'));
  });

  it('name every fourth launch of the simulator after the next idea', async () => {
    const devnet = await Devnet.start({ speed: 'manual', seed: 5, simulate: { profile: 'max', tune: { ...QUICK_TUNE, launchesPerSlot: 1 / 2 } } });
    try {
      devnet.step(40);
      const coins = launches(devnet);
      expect(coins.length).toBeGreaterThanOrEqual(2 * IDEA_EVERY);
      coins.forEach((coin, launch) => {
        const idea = launch % IDEA_EVERY === IDEA_OFFSET ? SEEDED_IDEAS[Math.floor(launch / IDEA_EVERY) % SEEDED_IDEAS.length]! : null;
        if (idea) expect(coin, `launch ${launch}`).toEqual({ name: idea.name, symbol: idea.ticker });
        else
          expect(
            SEEDED_IDEAS.map((seeded) => seeded.name),
            `launch ${launch}`,
          ).not.toContain(coin.name);
      });
    } finally {
      await devnet.stop();
    }
  });
});
