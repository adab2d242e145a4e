// The rewards and creators read models on chDB, read by statements (test/fixtures/reward-statements.ts), given the
// reward story (reward-story.ts) projected twice (a replay must change nothing): pot totals, rounds newest first with
// what each paid, per-token totals priced at each round's SOL price, a wallet's payouts and coins, owed shares
// recomputed round by round (kept once they check out against the chain's round facts, recomputed when they do not),
// creator earnings and payments.
import type { ChangeFeed } from '../../projections/changes.js';
import { ReadPath } from '../../projections/read-path.js';
import { announcedStore } from '../fixtures/announced-store.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Olap } from '../../infra/olap/olap.js';
import { openOlap } from '../../infra/olap/open-olap.js';
import { balancesProjector } from '../../projections/balances/projector.js';
import { coinsProjector } from '../../projections/coins/projector.js';
import { creatorsProjector } from '../../projections/creators/projector.js';
import { pricesProjector } from '../../projections/prices/projector.js';
import { rewardsProjector } from '../../projections/rewards/projector.js';
import {
  coinsLaunchedBy,
  creatorTotals,
  latestRounds,
  owedAfterLatestRound,
  payoutsOfRounds,
  potTotals,
  recentSends,
  rewardCoins,
  tokenTotals,
  walletPayouts,
  walletRoundCoins,
} from '../fixtures/reward-statements.js';
import { loadConfig } from '../../schemas/config.js';
import { timeOfSlot } from './event-fixtures.js';
import {
  BASKET,
  BUYS,
  CREATOR,
  CREATOR_COIN,
  OWED_C,
  PARTNER,
  PRICES,
  rewardStory,
  ROUND1,
  ROUND2,
  SOL,
  STABLE,
  STABLECOIN,
  sentOf,
  T1,
  T2,
  W,
} from './reward-story.js';

let dir: string;
let olap: Olap;
let reads: ReadPath;
let changes: ChangeFeed;
const SERVICE = Object.values(loadConfig({}).wallets) as string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rewards-'));
  ({ olap, reads, changes } = announcedStore(await openOlap({ dataDir: dir })));
  const events = rewardStory();
  for (const projector of [coinsProjector, balancesProjector, pricesProjector, rewardsProjector, creatorsProjector]) {
    for (const table of projector.tables) await olap.exec(table.ddl);
    const rows = projector.handle(events.filter(({ event }) => projector.canHandle.includes(event.type)));
    for (let pass = 0; pass < 2; pass++) for (const [table, list] of Object.entries(rows)) await olap.insert(table, list);
  }
});

afterAll(async () => {
  await olap.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A store that counts the queries it runs, to see what a kept replay saves. */
function counting(store: Olap): { queries: number; reads: ReadPath } {
  const counted = {
    queries: 0,
    reads: new ReadPath(
      {
        exec: store.exec.bind(store),
        insert: store.insert.bind(store),
        close: async () => undefined,
        query: <T>(sql: string, params?: Parameters<Olap['query']>[1]) => {
          counted.queries += 1;
          return store.query<T>(sql, params);
        },
      },
      changes,
    ),
  };
  return counted;
}

const sum = (...values: bigint[]) => values.reduce((a, b) => a + b, 0n);

/** Signature of the story's payout of `token` in `round` (one transaction per token and round). */
function payoutSignature(round: number, token: string): string {
  const sent = rewardStory().find(
    ({ event }) => event.type === 'payout.sent' && event.data.mint === BASKET.mint && event.data.round === round && event.data.token === token,
  );
  return sent!.event.signature;
}

describe('a coin', () => {
  it('reads its reward facts: mode, quote and venues', async () => {
    const coins = await rewardCoins(reads, [BASKET.mint, STABLE.mint, W.NOBODY]);
    expect([...coins.keys()].sort()).toEqual([BASKET.mint, STABLE.mint].sort());
    expect(coins.get(BASKET.mint)).toMatchObject({
      mode: 'holder',
      holdersPaid: 'basket',
      quoteMint: SOL,
      quoteDecimals: 9,
      venues: [BASKET.curve],
      basketMints: [T1, T2],
    });
    expect(coins.get(STABLE.mint)).toMatchObject({ quoteMint: STABLECOIN, quoteDecimals: 6, venues: [STABLE.pool] });
  });

  it("totals each pot: the holders' share of claims in, what rounds spent out", async () => {
    const pots = await potTotals(reads, [BASKET.mint, STABLE.mint, CREATOR_COIN.mint]);
    expect(pots.get(BASKET.mint)).toEqual({ takenIn: 800_000_000n, spent: ROUND1.potSpent + ROUND2.potSpent, rounds: 2 });
    expect(pots.get(STABLE.mint)).toEqual({ takenIn: 50_000n, spent: 49_500n, rounds: 1 });
    expect(pots.get(CREATOR_COIN.mint)).toEqual({ takenIn: 0n, spent: 0n, rounds: 0 });
  });

  it('lists rounds newest first, each with what it paid and in which transactions', async () => {
    expect((await latestRounds(reads, BASKET.mint, 10)).map((round) => round.round)).toEqual([2, 1]);
    const [round] = await latestRounds(reads, BASKET.mint, 1);
    expect(round).toMatchObject({
      round: 2,
      time: timeOfSlot(ROUND2.slot),
      slot: ROUND2.slot,
      snapshotSlot: ROUND2.snapshot,
      baselineSlot: ROUND2.baseline,
      holdersCounted: 4,
      potSpent: ROUND2.potSpent,
      paidIn: 'basket',
      tokens: BUYS[2],
    });
    const payouts = await payoutsOfRounds(reads, BASKET.mint, [1, 2]);
    expect(payouts.get(1)).toEqual({
      paid: new Map([
        [T1, sentOf(1, 'A', T1) + sentOf(1, 'B', T1)],
        [T2, sentOf(1, 'A', T2) + sentOf(1, 'B', T2)],
      ]),
      wallets: 2,
      signatures: [payoutSignature(1, T1), payoutSignature(1, T2)],
      lastAt: timeOfSlot(201),
    });
    expect(payouts.get(2)?.wallets).toBe(3);
  });

  it('totals each token: paid, cost, cost at the SOL price of each round (the first round had none), latest buy', async () => {
    const paid = (token: typeof T1) => sum(sentOf(1, 'A', token), sentOf(1, 'B', token), sentOf(2, 'A', token), sentOf(2, 'B', token), sentOf(2, 'D', token));
    const expected = (i: 0 | 1, token: typeof T1) => ({
      token,
      paid: paid(token),
      cost: BUYS[1][i].cost + BUYS[2][i].cost,
      costMicroUsd: BUYS[2][i].cost * PRICES.second.microUsd,
      unpricedRounds: 1,
      last: { bought: BUYS[2][i].bought, cost: BUYS[2][i].cost },
    });
    expect(await tokenTotals(reads, BASKET.mint, { kind: 'sol' })).toEqual([expected(0, T1), expected(1, T2)]);
    expect((await tokenTotals(reads, BASKET.mint, { kind: 'none' })).map((t) => [t.costMicroUsd, t.unpricedRounds])).toEqual([
      [0n, 2],
      [0n, 2],
    ]);
    expect(await tokenTotals(reads, STABLE.mint, { kind: 'fixed', microUsd: 1_000_000n })).toEqual([
      { token: STABLECOIN, paid: 49_500n, cost: 49_500n, costMicroUsd: 49_500_000_000n, unpricedRounds: 0, last: { bought: 49_500n, cost: 49_500n } },
    ]);
  });
});

describe('a wallet', () => {
  it('lists its payouts newest first, of one coin when asked, within the limit', async () => {
    const all = await walletPayouts(reads, W.A, null, 10);
    expect(all.map((p) => [p.round, p.token, p.amount])).toEqual([
      [2, T2, sentOf(2, 'A', T2).toString()],
      [2, T1, sentOf(2, 'A', T1).toString()],
      [1, T2, sentOf(1, 'A', T2).toString()],
      [1, T1, sentOf(1, 'A', T1).toString()],
    ]);
    expect(all[0]).toEqual({
      coin: BASKET.mint,
      round: 2,
      token: T2,
      amount: sentOf(2, 'A', T2).toString(),
      signature: payoutSignature(2, T2),
      time: timeOfSlot(401),
    });
    expect(await walletPayouts(reads, W.A, BASKET.mint, 1)).toEqual(all.slice(0, 1));
    expect(await walletPayouts(reads, W.A, STABLE.mint, 10)).toEqual([]);
    expect(await walletPayouts(reads, W.NOBODY, null, 10)).toEqual([]);
  });

  it('finds the coins with rounds it ever held', async () => {
    expect(await walletRoundCoins(reads, W.C, null)).toEqual([BASKET.mint]);
    expect(await walletRoundCoins(reads, W.X, null)).toEqual([STABLE.mint]);
    expect(await walletRoundCoins(reads, W.X, BASKET.mint)).toEqual([]);
    expect(await walletRoundCoins(reads, W.NOBODY, null)).toEqual([]);
  });
});

describe('owed shares', () => {
  const basket = { mint: BASKET.mint, quoteMint: SOL, excluded: new Set([BASKET.curve, ...SERVICE]) };

  it('carries a share below the minimum from round to round, with the next share added', async () => {
    const store = counting(olap);
    const state = await owedAfterLatestRound(store.reads, basket);
    expect(state).toEqual({ round: 2, owed: new Map([[W.C, OWED_C]]), consistent: true });
    const stable = await owedAfterLatestRound(store.reads, { mint: STABLE.mint, quoteMint: STABLECOIN, excluded: new Set([STABLE.pool, ...SERVICE]) });
    expect(stable).toEqual({ round: 1, owed: new Map([[W.X, 500n]]), consistent: true });
  });

  it('keeps a replay that checks out: the next call with the latest round known reads nothing', async () => {
    const store = counting(olap);
    await owedAfterLatestRound(store.reads, basket);
    const cold = store.queries;
    expect(cold).toBeGreaterThan(0);
    expect(await owedAfterLatestRound(store.reads, basket, 2)).toEqual({ round: 2, owed: new Map([[W.C, OWED_C]]), consistent: true });
    expect(store.queries).toBe(cold);
    await owedAfterLatestRound(store.reads, basket);
    expect(store.queries).toBe(cold + 1); // only asks for rounds after the kept one
  });

  it('does not keep a replay that disagrees with the chain (here: the curve counted as a holder)', async () => {
    const store = counting(olap);
    const wrong = { ...basket, excluded: new Set(SERVICE) };
    expect((await owedAfterLatestRound(store.reads, wrong)).consistent).toBe(false);
    const first = store.queries;
    await owedAfterLatestRound(store.reads, wrong, 2);
    // Replayed again: a kept replay with its round known would read nothing (some reads it repeats are kept).
    expect(store.queries).toBeGreaterThan(first);
  });
});

describe('creators', () => {
  it('lists the coins a wallet launched, newest first', async () => {
    expect((await coinsLaunchedBy(reads, CREATOR)).map((coin) => coin.mint)).toEqual([CREATOR_COIN.mint, BASKET.mint]);
    expect(await coinsLaunchedBy(reads, W.NOBODY)).toEqual([]);
  });

  it('totals what creator coins earned and sent, and lists the payments newest first', async () => {
    const totals = await creatorTotals(reads, [CREATOR_COIN.mint, BASKET.mint]);
    expect(totals.get(CREATOR_COIN.mint)).toEqual({ earned: 1_000_000_000n, sent: 700_000_000n });
    expect(totals.get(BASKET.mint)).toEqual({ earned: 0n, sent: 0n });
    const sends = await recentSends(reads, [CREATOR_COIN.mint], 50);
    expect(sends.map((send) => [send.wallet, send.amount])).toEqual([
      [PARTNER, '210000000'],
      [CREATOR, '490000000'],
    ]);
    expect(sends[0]).toMatchObject({ coin: CREATOR_COIN.mint, token: SOL, time: timeOfSlot(220) });
    expect(await recentSends(reads, [CREATOR_COIN.mint], 1)).toHaveLength(1);
  });
});
