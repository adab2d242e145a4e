// Platform and burns read models on chDB, given events then the queries: totals with stablecoin amounts valued
// at the SOL price in force at their slot (none before the first price), revenue per UTC day across a day
// boundary, each day's SOL price figures, the latest fund balances by chain order, and one day of burns.
// Every batch is written twice (a replay) and counts once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Olap } from '../../infra/olap/olap.js';
import { openOlap } from '../../infra/olap/open-olap.js';
import { burnsProjector } from '../../projections/burns/projector.js';
import { burnDay } from '../../projections/burns/queries.js';
import { coinsProjector } from '../../projections/coins/projector.js';
import { creatorsProjector } from '../../projections/creators/projector.js';
import { platformProjector } from '../../projections/platform/projector.js';
import { fundBalancesAt, platformTotals, revenueByDay, solPricesByDay } from '../../projections/platform/queries.js';
import { pricesProjector } from '../../projections/prices/projector.js';
import type { Projector } from '../../projections/projector.js';
import { rewardsProjector } from '../../projections/rewards/projector.js';
import { tradesProjector } from '../../projections/trades/projector.js';
import type { Event } from '../../schemas/events/index.js';
import { addr, graduated, launched, logged, priceUpdated, QUOTE_SOL, sig, trade } from './event-fixtures.js';
import { burned, creatorSent, fundBalance, payoutRound, PLATFORM_MINT, revenue, STABLECOIN } from './platform-fixtures.js';

const DAY = 86_400;
const D0 = 1_767_225_600; // 2026-01-01 00:00:00 UTC
const MINTS = { solMint: QUOTE_SOL, stablecoinMint: STABLECOIN, stablecoinDecimals: 6 };
const SOL_COIN = addr(1);
const STABLE_COIN = addr(2);
const at = (slot: number, tx: number, time: number) => ({ slot, tx, time });

const events: Event[] = [
  launched({ slot: 5, tx: 1, blockTime: D0 - DAY }, SOL_COIN),
  launched({ slot: 6, tx: 2, blockTime: D0 - DAY }, STABLE_COIN, { quoteMint: STABLECOIN, quoteDecimals: 6 }),
  // The day before the first price: revenue in lamports counts, stablecoin amounts cannot be valued yet.
  revenue(at(50, 3, D0 - 100), { kind: 'fee-share', amount: '1000000', unit: 'lamports', mint: SOL_COIN }),
  revenue(at(51, 4, D0 - 90), { kind: 'fee-share', amount: '2000000', unit: 'quote', mint: STABLE_COIN, quoteMint: STABLECOIN }),
  trade({ slot: 60, tx: 5, blockTime: D0 - 80 }, { mint: SOL_COIN, quoteAmount: '1000000' }),
  trade({ slot: 61, tx: 6, blockTime: D0 - 70 }, { mint: STABLE_COIN, quoteMint: STABLECOIN, quoteAmount: '5000000' }),
  fundBalance(at(62, 7, D0 - 60), 'ai', addr(702), 1_000_000_000n),
  // Day 0: prices 150 and 160 USD.
  priceUpdated({ slot: 100, tx: 8, blockTime: D0 + 3_600 }, 150_000_000n),
  fundBalance(at(101, 9, D0 + 3_700), 'burn', addr(703), 5_000_000_000n),
  fundBalance(at(101, 10, D0 + 3_700), 'burn', addr(703), 4_000_000_000n),
  burned(at(120, 11, D0 + 4_000), 1_000_000n, 10_000_000n, 4_000_000_000n),
  revenue(at(150, 12, D0 + 5_000), { kind: 'fee-share', amount: '3000000', unit: 'quote', mint: STABLE_COIN, quoteMint: STABLECOIN }),
  trade({ slot: 160, tx: 13, blockTime: D0 + 6_000 }, { mint: SOL_COIN, quoteAmount: '2000000' }),
  trade({ slot: 161, tx: 14, blockTime: D0 + 6_001 }, { mint: STABLE_COIN, quoteMint: STABLECOIN, quoteAmount: '3000000' }),
  payoutRound(at(170, 15, D0 + 7_000), SOL_COIN, 4_000_000n),
  payoutRound(at(171, 16, D0 + 7_001), STABLE_COIN, 1_500_000n),
  priceUpdated({ slot: 200, tx: 17, blockTime: D0 + 80_000 }, 160_000_000n),
  burned(at(220, 18, D0 + 82_000), 2_500_000n, 20_000_000n, 3_000_000_000n),
  graduated({ slot: 230, tx: 19, blockTime: D0 + 83_000 }, SOL_COIN, addr(600), addr(601)),
  revenue(at(250, 20, D0 + DAY - 1), { kind: 'swap-referral', amount: '5000000', unit: 'lamports' }),
  // Day 1 from its first second: the 160 price is still in force until the 170 one.
  revenue(at(260, 21, D0 + DAY), { kind: 'fee-share', amount: '7000000', unit: 'lamports', mint: SOL_COIN }),
  revenue(at(261, 22, D0 + DAY), { kind: 'api', amount: '1230000', unit: 'micro-usd' }),
  priceUpdated({ slot: 300, tx: 23, blockTime: D0 + DAY + 100 }, 170_000_000n),
  trade({ slot: 310, tx: 24, blockTime: D0 + DAY + 200 }, { mint: STABLE_COIN, quoteMint: STABLECOIN, quoteAmount: '1700000' }),
  creatorSent(at(320, 25, D0 + DAY + 300), STABLE_COIN, STABLECOIN, 300_000n),
  creatorSent(at(321, 26, D0 + DAY + 301), SOL_COIN, QUOTE_SOL, 250_000n),
  // Day 2 has no price; day 3 is priced again.
  revenue(at(400, 27, D0 + 2 * DAY + 5), { kind: 'fee-share', amount: '1000000000', unit: 'lamports', mint: SOL_COIN }),
  revenue(at(401, 28, D0 + 2 * DAY + 6), { kind: 'api', amount: '500000', unit: 'quote', quoteMint: STABLECOIN }),
  burned(at(410, 29, D0 + 2 * DAY + 7), 4_000_000n, 30_000_000n, 2_000_000_000n),
  priceUpdated({ slot: 500, tx: 30, blockTime: D0 + 3 * DAY }, 200_000_000n),
];

let dir: string;
let olap: Olap;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'platform-'));
  olap = await openOlap({ dataDir: dir });
  const projectors: Projector[] = [coinsProjector, tradesProjector, pricesProjector, platformProjector, burnsProjector, rewardsProjector, creatorsProjector];
  const log = logged(events);
  for (const projector of projectors) {
    for (const table of projector.tables) await olap.exec(table.ddl);
    const rows = projector.handle(log.filter(({ event }) => projector.canHandle.includes(event.type)));
    for (let pass = 0; pass < 2; pass++) for (const [table, list] of Object.entries(rows)) await olap.insert(table, list);
  }
});

afterAll(async () => {
  await olap.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('platform totals', () => {
  it('counts coins, graduations and trades once, and values stablecoin amounts at the SOL price in force', async () => {
    expect(await platformTotals(olap, MINTS)).toEqual({
      coinsLaunched: 2,
      coinsGraduated: 1,
      trades: 5,
      // SOL 1,000,000 + 2,000,000; stablecoin 5,000,000 before any price left out; $3 at $150 = 0.02 SOL;
      // $1.70 at $170 = 0.01 SOL.
      volumeLamports: 3_000_000n + 20_000_000n + 10_000_000n,
      // 0.004 SOL, and a $1.50 pot at $150.
      paidToHoldersLamports: String(4_000_000n + 10_000_000n),
      // $0.30 at $170, rounded down, and 250,000 lamports.
      sentToCreatorsLamports: String(1_764_705n + 250_000n),
    });
  });
});

describe('revenue by day', () => {
  it('sums each UTC day, fee shares and referrals in lamports and paid calls in micro-USD', async () => {
    expect(await revenueByDay(olap, '2026-01-03', MINTS)).toEqual([
      { day: '2025-12-31', feeShareLamports: 1_000_000n, swapReferralLamports: 0n, apiMicroUsd: 0n },
      { day: '2026-01-01', feeShareLamports: 20_000_000n, swapReferralLamports: 5_000_000n, apiMicroUsd: 0n },
      { day: '2026-01-02', feeShareLamports: 7_000_000n, swapReferralLamports: 0n, apiMicroUsd: 1_230_000n },
      { day: '2026-01-03', feeShareLamports: 1_000_000_000n, swapReferralLamports: 0n, apiMicroUsd: 500_000n },
    ]);
  });

  it('stops at the given day', async () => {
    expect((await revenueByDay(olap, '2026-01-01', MINTS)).map((row) => row.day)).toEqual(['2025-12-31', '2026-01-01']);
  });

  it('gives each priced day its average and last SOL price', async () => {
    const days = await solPricesByDay(olap, '2025-12-31', '2026-01-04');
    expect([...days.entries()]).toEqual([
      ['2026-01-01', { average: 155_000_000n, last: 160_000_000n }],
      ['2026-01-02', { average: 170_000_000n, last: 170_000_000n }],
      ['2026-01-04', { average: 200_000_000n, last: 200_000_000n }],
    ]);
  });
});

describe('fund balances', () => {
  it('keeps the latest balance of each fund wallet by slot and log order, replays and all', async () => {
    const funds = await fundBalancesAt(olap);
    expect(funds.get(addr(703))).toEqual({ fund: 'burn', wallet: addr(703), lamports: 4_000_000_000n, slot: 101, time: D0 + 3_700 });
    expect(funds.get(addr(702))).toMatchObject({ fund: 'ai', lamports: 1_000_000_000n, slot: 62 });
    expect(funds.size).toBe(2);
  });

  it("reads a wallet's balance in force at a time from the history, none before its first", async () => {
    expect((await fundBalancesAt(olap, new Date((D0 + 3_699) * 1000))).get(addr(703))).toBeUndefined();
    expect((await fundBalancesAt(olap, new Date((D0 + 3_700) * 1000))).get(addr(703))).toEqual({
      fund: 'burn',
      wallet: addr(703),
      lamports: 4_000_000_000n,
      slot: 101,
      time: D0 + 3_700,
    });
    expect((await fundBalancesAt(olap, new Date(D0 * 1000))).get(addr(702))?.lamports).toBe(1_000_000_000n);
  });
});

describe('burns of a day', () => {
  it('sums the day, counts its burns, names its last one and totals up to its end', async () => {
    expect(await burnDay(olap, PLATFORM_MINT, '2026-01-01')).toEqual({
      burnedRaw: 3_500_000n,
      solCostLamports: 30_000_000n,
      count: 2,
      lastSignature: sig(18),
      burnedTotalRaw: 3_500_000n,
    });
  });

  it('gives a day without burns zero and no last burn, with the total so far', async () => {
    expect(await burnDay(olap, PLATFORM_MINT, '2026-01-02')).toEqual({
      burnedRaw: 0n,
      solCostLamports: 0n,
      count: 0,
      lastSignature: null,
      burnedTotalRaw: 3_500_000n,
    });
    expect(await burnDay(olap, PLATFORM_MINT, '2026-01-03')).toMatchObject({ count: 1, burnedTotalRaw: 7_500_000n, lastSignature: sig(29) });
    expect(await burnDay(olap, PLATFORM_MINT, '2025-12-31')).toEqual({ burnedRaw: 0n, solCostLamports: 0n, count: 0, lastSignature: null, burnedTotalRaw: 0n });
  });

  it('reads only burns of the platform mint', async () => {
    expect((await burnDay(olap, addr(999), '2026-01-01')).count).toBe(0);
  });
});
