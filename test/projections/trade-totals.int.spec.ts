// The platform stats' trade figures (projections/platform/queries.ts) against those worked out from the events
// written, on chDB: after a first write, after trades of one coin, a coin's first trades, a replay of rows already
// there, and a price posted late. A stablecoin trade counts in lamports at
// the SOL price in force at its slot (rounded down, trade by trade); one before any price is left out of the volume.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ChdbOlap } from '../../infra/olap/chdb-olap.js';
import { tradeTotals } from '../../projections/platform/queries.js';
import { pricesProjector } from '../../projections/prices/projector.js';
import { tradesProjector } from '../../projections/trades/projector.js';
import type { Event } from '../../schemas/events/index.js';
import { seededRandom } from '../infra/seeded-random.js';
import { addr, logged, priceUpdated, QUOTE_SOL, trade } from './event-fixtures.js';
import { STABLECOIN } from './platform-fixtures.js';

const MINTS = { solMint: QUOTE_SOL, stablecoinMint: STABLECOIN, stablecoinDecimals: 6 };
const SOL_COINS = [addr(11), addr(12)];
const STABLE_COINS = [addr(21), addr(22)];

let dir: string;
let store: ChdbOlap;
let offset = 0n;
let tx = 1;
/** The events written so far, by id (a replayed one counts once). */
const written = new Map<string, Event>();

async function write(events: Event[], times = 1): Promise<void> {
  const batch = logged(events, offset);
  offset += BigInt(events.length);
  for (const event of events) written.set(event.id, event);
  for (const projector of [tradesProjector, pricesProjector]) {
    const rows = projector.handle(batch.filter(({ event }) => projector.canHandle.includes(event.type)));
    for (let pass = 0; pass < times; pass++) for (const [table, list] of Object.entries(rows)) await store.insert(table, list);
  }
}

function trades(mints: readonly string[], fromSlot: number, count: number, seed: number): Event[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const mint = random.pick(mints);
    const quoteMint = STABLE_COINS.includes(mint as never) ? STABLECOIN : QUOTE_SOL;
    const quoteAmount = random.chance(0.05) ? '123456789012345678901' : String(1 + random.int(5_000_000_000));
    return trade({ slot: fromSlot + i, tx: tx++, blockTime: 1_767_225_600 + fromSlot + i }, { mint: mint as never, quoteMint, quoteAmount });
  });
}

/** The figures the events written give: every trade counted, their quote in lamports (SOL as it is, the stablecoin
 * at the SOL price posted last at or before the trade's slot: 10^15 lamport-micro-USD a dollar). */
function expected(): { trades: number; volumeLamports: bigint } {
  const events = [...written.values()];
  const prices = events
    .flatMap((event) => (event.type === 'price.updated' ? [{ slot: event.slot, microUsd: BigInt(event.data.microUsd) }] : []))
    .sort((a, b) => a.slot - b.slot);
  let trades = 0;
  let volumeLamports = 0n;
  for (const event of events) {
    if (event.type !== 'trade') continue;
    trades += 1;
    const amount = BigInt(event.data.quoteAmount);
    if (event.data.quoteMint === QUOTE_SOL) volumeLamports += amount;
    const price = prices.filter((p) => p.slot <= event.slot).at(-1)?.microUsd;
    if (event.data.quoteMint === STABLECOIN && price !== undefined) volumeLamports += (amount * 10n ** 15n) / (10n ** BigInt(MINTS.stablecoinDecimals) * price);
  }
  return { trades, volumeLamports };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trade-totals-'));
  store = ChdbOlap.open(dir);
  for (const table of [...tradesProjector.tables, ...pricesProjector.tables]) await store.exec(table.ddl);
});

afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('equals the figures of the events written after each kind of write', async () => {
  const expectSame = async () => expect(await tradeTotals(store, MINTS)).toEqual(expected());
  // Stablecoin trades before the first price, then priced ones.
  await write(trades([...SOL_COINS, ...STABLE_COINS.slice(0, 1)], 100, 60, 1));
  await write([priceUpdated({ slot: 200, tx: tx++, blockTime: 1_767_225_800 }, 150_000_000n)]);
  await write(trades([...SOL_COINS, ...STABLE_COINS.slice(0, 1)], 300, 60, 2));
  await expectSame();
  expect(expected().trades).toBe(120);

  // One coin's trades.
  await write(trades([STABLE_COINS[0]!], 400, 7, 3));
  await expectSame();

  // A coin's first trades, and a replay of rows already there (twice in one write).
  await write(trades([STABLE_COINS[1]!, SOL_COINS[0]!], 500, 9, 4), 2);
  await expectSame();

  // A price posted late, before trades already counted.
  await write([priceUpdated({ slot: 50, tx: tx++, blockTime: 1_767_225_650 }, 100_000_000n)]);
  await expectSame();
});
