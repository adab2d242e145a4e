// The quote-listings read model on chDB: given quote.configured events then the query: whether each token is taken
// now (the latest config by slot, then log order within a slot) and the UTC day it was first enabled, kept through
// a disabling and a re-listing. Every batch is written twice (a replay) and changes nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Olap } from '../../infra/olap/olap.js';
import { openOlap } from '../../infra/olap/open-olap.js';
import { quoteListingsProjector } from '../../projections/quote-listings/projector.js';
import { quoteListings } from '../../projections/quote-listings/queries.js';
import type { Event } from '../../schemas/events/index.js';
import { addr, logged } from './event-fixtures.js';
import { quoteConfigured } from './quote-fixtures.js';

const DAY = 86_400;
const D0 = 1_767_225_600; // 2026-01-01 00:00:00 UTC
const WBTC = addr(960);
const JUP = addr(961);
const BONK = addr(962);

let dir: string;
let olap: Olap;

async function write(events: Event[], firstOffset = 0n): Promise<void> {
  const rows = quoteListingsProjector.handle(logged(events, firstOffset));
  for (let pass = 0; pass < 2; pass++) for (const [table, list] of Object.entries(rows)) await olap.insert(table, list);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quote-listings-'));
  olap = await openOlap({ dataDir: dir });
  for (const table of quoteListingsProjector.tables) await olap.exec(table.ddl);
});
afterAll(async () => {
  await olap.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('quote listings', () => {
  it('given no events, then no listings', async () => {
    expect([...(await quoteListings(olap)).values()]).toEqual([]);
  });

  it('given listings, a disabling and a re-listing, then the state now and the first day it was enabled', async () => {
    await write([
      // Listed late on day 0, disabled on day 1, listed again on day 2: listed on day 0, taken now.
      quoteConfigured({ slot: 10, tx: 1, time: D0 + DAY - 1 }, WBTC, true),
      quoteConfigured({ slot: 20, tx: 2, time: D0 + DAY + 5 }, WBTC, false),
      quoteConfigured({ slot: 30, tx: 3, time: D0 + 2 * DAY }, WBTC, true, 8),
      // Configured disabled first (never enabled), then enabled on day 1 and disabled again in the same slot,
      // later in the log: listed on day 1, not taken now.
      quoteConfigured({ slot: 15, tx: 4, time: D0 + 100 }, JUP, false),
      quoteConfigured({ slot: 25, tx: 5, time: D0 + DAY + 10 }, JUP, true),
      quoteConfigured({ slot: 25, tx: 6, time: D0 + DAY + 10 }, JUP, false),
      // Only ever disabled: no listing day.
      quoteConfigured({ slot: 26, tx: 7, time: D0 + DAY + 11 }, BONK, false),
    ]);

    const listings = await quoteListings(olap);

    expect([...listings.values()]).toEqual(
      [
        { quoteMint: WBTC, enabled: true, listedOn: '2026-01-01', quoteDecimals: 8 },
        { quoteMint: JUP, enabled: false, listedOn: '2026-01-02', quoteDecimals: null },
        { quoteMint: BONK, enabled: false, listedOn: null, quoteDecimals: null },
      ].sort((a, b) => (a.quoteMint < b.quoteMint ? -1 : 1)),
    );
  });

  it('follows a later batch', async () => {
    await write([quoteConfigured({ slot: 40, tx: 8, time: D0 + 3 * DAY }, WBTC, false)], 100n);

    const after = await quoteListings(olap);
    expect(after.get(WBTC)).toEqual({ quoteMint: WBTC, enabled: false, listedOn: '2026-01-01', quoteDecimals: 8 });
  });
});
