// The platform stats' trade figures kept per coin (projections/platform/trade-totals.ts) against the statements
// over every trade, on chDB: after a first read, after trades of one coin (read again alone), a coin's first
// trades, a replay of rows already there, a price posted late (every coin read again), each write announced as the
// projections announce theirs; and on a read path without a change feed. Stablecoin trades before any price are left out of the volume, as the statements leave them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ChdbOlap } from '../../infra/olap/chdb-olap.js';
import type { Olap, QueryParams } from '../../infra/olap/olap.js';
import { tradeTotals } from '../../projections/platform/trade-totals.js';
import { ReadPath } from '../../projections/read-path.js';
import { announcedStore, type AnnouncedStore } from '../fixtures/announced-store.js';
import { lamportsOf, valuingParams, withSolPriceAt } from '../../projections/prices/sol-value.js';
import { pricesProjector } from '../../projections/prices/projector.js';
import { tradesProjector } from '../../projections/trades/projector.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import type { Event } from '../../schemas/events/index.js';
import { seededRandom } from '../infra/seeded-random.js';
import { addr, logged, priceUpdated, QUOTE_SOL, trade } from './event-fixtures.js';
import { STABLECOIN } from './platform-fixtures.js';

const MINTS = { solMint: QUOTE_SOL, stablecoinMint: STABLECOIN, stablecoinDecimals: 6 };
const SOL_COINS = [addr(11), addr(12)];
const STABLE_COINS = [addr(21), addr(22)];

let dir: string;
let store: ChdbOlap;
/** The store as the followed read path sees it (its statements recorded), and that read path. */
let marked: Olap & { statements: string[] };
let followed: AnnouncedStore;
let offset = 0n;
let tx = 1;

/** The store, recording the statements it is asked. */
function recording(inner: Olap): Olap & { statements: string[] } {
  const statements: string[] = [];
  return {
    statements,
    exec: (sql: string, params?: QueryParams) => inner.exec(sql, params),
    insert: (table, rows) => inner.insert(table, rows),
    query: <T>(sql: string, params?: QueryParams) => {
      statements.push(sql);
      return inner.query<T>(sql, params);
    },
    close: () => Promise.resolve(),
  };
}

async function write(events: Event[], times = 1): Promise<void> {
  const batch = logged(events, offset);
  offset += BigInt(events.length);
  for (const projector of [tradesProjector, pricesProjector]) {
    const rows = projector.handle(batch.filter(({ event }) => projector.canHandle.includes(event.type)));
    for (let pass = 0; pass < times; pass++) for (const [table, list] of Object.entries(rows)) await followed.olap.insert(table, list);
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

/** The figures as the statements over every trade give them. */
async function reference(olap: Olap): Promise<{ trades: number; volumeLamports: bigint }> {
  const params = valuingParams(MINTS);
  const [sol] = await olap.query<{ trades: string; volume: string }>(
    `SELECT toString(count()) AS trades, toString(sumIf(toUInt256(quoteAmount), quoteMint = {solMint:String})) AS volume FROM ${TRADES_TABLE} FINAL`,
    params,
  );
  const [stable] = await olap.query<{ lamports: string }>(
    `SELECT toString(ifNull(sum(${lamportsOf('s.amount', 's.quoteMint')}), 0)) AS lamports
    ${withSolPriceAt(`SELECT slot, quoteMint, quoteAmount AS amount FROM ${TRADES_TABLE} FINAL WHERE quoteMint = {stablecoinMint:String}`)}`,
    params,
  );
  return { trades: Number(sol!.trades), volumeLamports: BigInt(sol!.volume) + BigInt(stable!.lamports) };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trade-totals-'));
  store = ChdbOlap.open(dir);
  for (const table of [...tradesProjector.tables, ...pricesProjector.tables]) await store.exec(table.ddl);
  marked = recording(store);
  followed = announcedStore(marked);
});

afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('equals the statements over every trade after each kind of write, reading again only the coins written', async () => {
  const unfollowed = new ReadPath(store);
  const expectSame = async () => {
    const expected = await reference(store);
    expect(await tradeTotals(followed.reads, MINTS)).toEqual(expected);
    expect(await tradeTotals(unfollowed, MINTS)).toEqual(expected);
  };
  // Stablecoin trades before the first price, then priced ones.
  await write(trades([...SOL_COINS, ...STABLE_COINS.slice(0, 1)], 100, 60, 1));
  await write([priceUpdated({ slot: 200, tx: tx++, blockTime: 1_767_225_800 }, 150_000_000n)]);
  await write(trades([...SOL_COINS, ...STABLE_COINS.slice(0, 1)], 300, 60, 2));
  await expectSame();
  expect((await reference(store)).trades).toBe(120);

  // One coin's trades: only that coin is read again.
  marked.statements.length = 0;
  await write(trades([STABLE_COINS[0]!], 400, 7, 3));
  await expectSame();
  expect(marked.statements.every((sql) => sql.includes('mint IN {mints:Array(String)}'))).toBe(true);
  expect(marked.statements).toHaveLength(2);

  // A coin's first trades, and a replay of rows already there (twice in one write).
  await write(trades([STABLE_COINS[1]!, SOL_COINS[0]!], 500, 9, 4), 2);
  await expectSame();

  // A price posted late, before trades already counted: every coin read again.
  marked.statements.length = 0;
  await write([priceUpdated({ slot: 50, tx: tx++, blockTime: 1_767_225_650 }, 100_000_000n)]);
  await expectSame();
  expect(marked.statements.some((sql) => !sql.includes('mint IN'))).toBe(true);

  // Nothing written: nothing read.
  marked.statements.length = 0;
  await expectSame();
  expect(marked.statements).toHaveLength(0);
});
