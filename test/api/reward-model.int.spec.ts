// The rewards reads (wallet rewards from the resident model, projections/rewards/reward-model.ts; coin rewards and
// creators from per-coin reads, projections/rewards/coin-rewards.ts) on a chDB store filled with a generated market
// (the API bench's generator: trades, balances, claims, payout rounds allocated with the keeper's rule, payouts,
// creator sends, prices), projected in slot order: first up to a cut, then the rest in batches (new rounds, payouts,
// claims and prices on many coins; a batch may end between a round and its payouts). After each step,
// for every coin, a sample of wallets (paid, owed, traders; with and without a coin filter) and every creator:
// - the answers kept up to date batch by batch equal those made afresh from the tables as they are;
// - where the tables are whole, each wallet's payouts are the market's payout events to it and each coin's rounds
//   are its round events (the amounts the keeper's rule gives are checked against the devnet's keeper in
//   test/e2e/rewards.e2e.spec.ts, and by hand on the reward story in rewards.int.spec.ts).
// Also: late prices move the US dollar figures; a wallet paid by two coins in the same second, slot and log offset is
// ordered by event id; repeated requests get the same object while unchanged; unknown coins 404; a read path without
// a change feed answers the same (loading the model again at every read).
import { announcedStore } from '../fixtures/announced-store.js';
import type { ChangeFeed } from '../../projections/changes.js';
import type { ReadPath } from '../../projections/read-path.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiContext, type ApiContext } from '../../api/deps.js';
import { getCreator } from '../../api/handlers/creators.js';
import { getCoinRewards } from '../../api/handlers/rewards.js';
import { getWalletRewards } from '../../api/handlers/wallet-rewards.js';
import { benchAddress, benchSignature } from '../../infra/bench/api/bench-keys.js';
import { CatalogBuilder } from '../../infra/bench/api/dataset-catalog.js';
import { generateCoin } from '../../infra/bench/api/dataset-coin.js';
import { planClock, planCoins } from '../../infra/bench/api/dataset-plan.js';
import { generatePlatform } from '../../infra/bench/api/dataset-platform.js';
import { ChdbOlap } from '../../infra/olap/chdb-olap.js';
import type { Olap } from '../../infra/olap/olap.js';
import type { LoggedEvent } from '../../projections/projector.js';
import { deriveBatch } from '../../projections/project-batch.js';
import { readModelProjectors } from '../../projections/read-models.js';
import { rewardsProjector } from '../../projections/rewards/projector.js';
import { REWARD_ROUNDS_TABLE } from '../../projections/rewards/table.js';
import { loadConfig } from '../../schemas/config.js';
import type { Event } from '../../schemas/events/index.js';
import { addr } from '../projections/event-fixtures.js';
import { payoutSent } from '../projections/reward-events.js';
import { serviceWalletList } from '../../schemas/config.js';

const config = loadConfig({});
let dir: string;
let olap: Olap;
let reads: ReadPath;
let changes: ChangeFeed;
let ctx: ApiContext;
let events: Event[] = [];
/** The events whose rows are written so far. */
const projected: Event[] = [];
let catalog: ReturnType<CatalogBuilder['build']>;
let offset = 0n;
const NOBODY = addr(9_999);

/** A market of 30 coins over 10 days, every event in slot order. */
function market(): { events: Event[]; catalog: ReturnType<CatalogBuilder['build']> } {
  const options = { coins: 30, trades: 20_000, days: 10, seed: 5, now: 1_800_000_000 };
  const clock = planClock(options);
  const out: Event[] = [];
  let signatures = 0;
  const builder = new CatalogBuilder();
  const signature = () => benchSignature(signatures++);
  generatePlatform({ clock, config, emit: (event) => out.push(event), signature }, 6);
  for (const plan of planCoins(options, clock, config)) {
    const wallet = (index: number) => benchAddress(`wallet:${index}`);
    generateCoin({ clock, config, emit: (event) => out.push(event), signature, wallet, wallets: 2_000, catalog: builder }, plan, 77 + plan.index);
  }
  out.sort((a, b) => a.slot - b.slot);
  return { events: out, catalog: builder.build(options.now, [], []) };
}

const projectors = readModelProjectors(serviceWalletList(config.wallets));

/** `batch` logged, and its rows per table from every read model's projector, as a projection batch makes them
 * before the derived rows. */
function rowsOf(batch: readonly Event[]): { logged: LoggedEvent[]; rows: Map<string, Record<string, unknown>[]> } {
  const logged: LoggedEvent[] = batch.map((event) => ({ event, offset: offset++ }));
  const rows = new Map<string, Record<string, unknown>[]>();
  for (const projector of projectors) {
    const mine = logged.filter(({ event }) => projector.canHandle.includes(event.type));
    if (mine.length === 0) continue;
    for (const [table, list] of Object.entries(projector.handle(mine))) if (list.length > 0) rows.set(table, [...(rows.get(table) ?? []), ...list]);
  }
  return { logged, rows };
}

/** Writes the rows of the tables `which` picks (all when left out), and removes them from `rows`. */
async function write(rows: Map<string, Record<string, unknown>[]>, which: (table: string) => boolean = () => true): Promise<void> {
  for (const [table, list] of [...rows]) {
    if (!which(table)) continue;
    await olap.insert(table, list);
    rows.delete(table);
  }
}

/** Writes what is left of `rows`, then the batch's derived rows. */
async function finish(logged: readonly LoggedEvent[], rows: Map<string, Record<string, unknown>[]>): Promise<void> {
  await write(rows);
  await write(await deriveBatch(logged, projectors, olap));
}

async function project(batch: readonly Event[]): Promise<void> {
  const { logged, rows } = rowsOf(batch);
  await finish(logged, rows);
  projected.push(...batch);
}

/** The API's context on a read path of its own: its model is loaded afresh from the tables at its first read. */
const afresh = () => apiContext({ olap, changes, config });

async function outcome<T>(read: () => Promise<T>): Promise<T | { failed: string; status: unknown }> {
  try {
    return await read();
  } catch (error) {
    return { failed: (error as Error).constructor.name, status: (error as { statusCode?: unknown }).statusCode };
  }
}

/** Wallets to compare: some paid, some owed, some that only traded, and one that never did anything. */
function sampleWallets(): string[] {
  const pick = (list: readonly string[], n: number) => list.filter((_, i) => i % Math.max(1, Math.floor(list.length / n)) === 0).slice(0, n);
  return [...new Set([...pick(catalog.paidWallets, 20), ...pick(catalog.owedWallets, 20), ...pick(catalog.traders, 8), NOBODY])];
}

/** The market's payouts to `wallet` so far, as the API lists them (order aside). */
function paidTo(wallet: string) {
  return projected.flatMap((event) =>
    event.type === 'payout.sent' && event.data.wallet === wallet
      ? [{ coin: event.data.mint, round: event.data.round, token: event.data.token, amount: event.data.amount, signature: event.signature }]
      : [],
  );
}

/** The market's rounds of `mint` so far, newest first. */
function roundsOf(mint: string): number[] {
  return projected.flatMap((event) => (event.type === 'payout.round' && event.data.mint === mint ? [event.data.round] : [])).sort((a, b) => b - a);
}

const byText = (a: object, b: object) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);

/** Every coin, the sampled wallets and every creator: the answers kept up to date equal a fresh model's; and, when
 * the tables hold every row of the events projected (`whole`), the payouts and rounds are the market's. */
async function expectAnswers(whole: boolean): Promise<{ rounds: number; paid: number; owed: number }> {
  const fresh = afresh();
  const coins = [...catalog.coins.map((coin) => coin.mint), NOBODY];
  const holderCoins = catalog.coins.filter((coin) => coin.mode === 'holder').map((coin) => coin.mint);
  let rounds = 0;
  for (const mint of coins) {
    for (const limit of [1, 50]) {
      const kept = await outcome(() => getCoinRewards(ctx, mint, { limit }));
      expect(kept, `${mint} limit ${limit}`).toEqual(await outcome(() => getCoinRewards(fresh, mint, { limit })));
      if (!('rounds' in kept)) continue;
      if (whole) expect(kept.rounds.map((round) => round.round)).toEqual(roundsOf(mint).slice(0, limit));
      if (limit === 50) rounds += kept.rounds.length;
    }
  }
  let paid = 0;
  let owed = 0;
  for (const [i, wallet] of sampleWallets().entries()) {
    const coin = i % 5 === 0 ? holderCoins[i % holderCoins.length] : undefined;
    for (const query of [{ limit: 200 }, { limit: 3 }, { limit: 50, coin }, { limit: 50, coin: NOBODY }]) {
      const kept = await outcome(() => getWalletRewards(ctx, wallet, query));
      expect(kept, `${wallet} ${JSON.stringify(query)}`).toEqual(await outcome(() => getWalletRewards(fresh, wallet, query)));
      if (query.limit !== 200 || !('paid' in kept)) continue;
      const times = kept.paid.map((payout) => payout.time);
      expect(times, `${wallet}: newest first`).toEqual([...times].sort().reverse());
      if (whole) expect(kept.paid.map(({ time: _, ...payout }) => payout).sort(byText), wallet).toEqual(paidTo(wallet).sort(byText));
      paid += kept.paid.length;
      owed += kept.owed.length;
    }
  }
  for (const creator of [...catalog.creators, NOBODY]) expect(await getCreator(ctx, creator), creator).toEqual(await getCreator(fresh, creator));
  return { rounds, paid, owed };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'launchtape-reward-model-'));
  ({ olap, reads, changes } = announcedStore(ChdbOlap.open(dir)));
  for (const projector of projectors) for (const table of projector.tables) await olap.exec(table.ddl);
  ctx = apiContext({ olap, reads, config });
  ({ events, catalog } = market());
});

afterAll(async () => {
  await olap?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the resident rewards model', () => {
  it("answers as a fresh model and with the market's payouts and rounds, first up to a cut, then after each batch", async () => {
    const firstRounds = events.filter((event) => event.type === 'payout.round').map((event) => event.slot);
    const cut = firstRounds[Math.floor(firstRounds.length * 0.6)]!;
    await project(events.filter((event) => event.slot <= cut));
    const first = await expectAnswers(true);
    expect(first.rounds).toBeGreaterThan(10);
    expect(first.paid).toBeGreaterThan(50);
    expect(first.owed).toBeGreaterThan(5);

    const rest = events.filter((event) => event.slot > cut);
    // The first batch ends right after a round, before its payouts.
    const round = rest.findIndex((event) => event.type === 'payout.round');
    const batches = [rest.slice(0, round + 1), rest.slice(round + 1, Math.floor(rest.length / 2)), rest.slice(Math.floor(rest.length / 2))];
    let last = first;
    for (const [i, batch] of batches.entries()) {
      const { logged, rows } = rowsOf(batch);
      if (i === 1) {
        // The new rounds alone, then the other rewards tables, before the rest and the owed shares derived from them:
        // answered as a fresh model answers them meanwhile.
        await write(rows, (table) => table === REWARD_ROUNDS_TABLE);
        await expectAnswers(false);
        await write(rows, (table) => table.startsWith('reward_'));
        await expectAnswers(false);
      }
      await finish(logged, rows);
      projected.push(...batch);
      last = await expectAnswers(true);
    }
    expect(last.rounds).toBeGreaterThan(first.rounds);
    expect(last.paid).toBeGreaterThan(first.paid);
  });

  it('gives the same object for a repeated request while unchanged, a new one after a write of the coin', async () => {
    const coin = catalog.coins.find((c) => c.mode === 'holder' && c.rounds > 0)!.mint;
    const wallet = catalog.paidWallets[0]!;
    const answer = await getCoinRewards(ctx, coin, { limit: 10 });
    expect(await getCoinRewards(ctx, coin, { limit: 10 })).toBe(answer);
    const walletAnswer = await getWalletRewards(ctx, wallet, { limit: 50 });
    expect(await getWalletRewards(ctx, wallet, { limit: 50 })).toBe(walletAnswer);
    const creator = await getCreator(ctx, catalog.creators[0]!);
    expect(await getCreator(ctx, catalog.creators[0]!)).toBe(creator);

    // A payout to the wallet on the coin, later than any: a new answer for both, equal to the statements'.
    const at = { slot: events.at(-1)!.slot + 10, tx: 900_001, index: 3 };
    const sent = payoutSent(at, { mint: coin as never, round: 1, wallet: wallet as never, token: addr(910), amount: '12345' });
    await project([{ ...sent, blockTime: events.at(-1)!.blockTime + 10 }]);
    const after = await getWalletRewards(ctx, wallet, { limit: 50 });
    expect(after).not.toBe(walletAnswer);
    expect(after.paid[0]).toMatchObject({ coin, amount: '12345' });
    const fresh = afresh();
    expect(after).toEqual(await getWalletRewards(fresh, wallet, { limit: 50 }));
    expect(await getCoinRewards(ctx, coin, { limit: 10 })).toEqual(await getCoinRewards(fresh, coin, { limit: 10 }));
  });

  it('orders a wallet paid by two coins in the same second, slot and log offset by event id', async () => {
    const wallet = addr(9_001);
    const [a, b] = catalog.coins.filter((c) => c.mode === 'holder' && c.rounds > 0).map((c) => c.mint);
    const slot = events.at(-1)!.slot + 20;
    const sent: { id: string; amount: string }[] = [];
    for (const [mint, tx] of [
      [a, 900_010],
      [b, 900_011],
      [a, 900_012],
    ] as const) {
      const payout = payoutSent({ slot, tx, index: 1 }, { mint: mint as never, round: 2, wallet, token: addr(911), amount: String(tx) });
      const event = { ...payout, blockTime: events.at(-1)!.blockTime + 20 };
      sent.push({ id: event.id, amount: event.data.amount });
      for (const [table, rows] of Object.entries(rewardsProjector.handle([{ event, offset: 77n }]))) if (rows.length > 0) await olap.insert(table, rows);
    }
    const memory = await getWalletRewards(ctx, wallet, { limit: 50 });
    const byIdNewestFirst = sent.sort((x, y) => (x.id < y.id ? 1 : -1)).map((payout) => payout.amount);
    expect(memory.paid.map((payout) => payout.amount)).toEqual(byIdNewestFirst);
    expect(memory).toEqual(await getWalletRewards(afresh(), wallet, { limit: 50 }));
    expect((await getWalletRewards(ctx, wallet, { limit: 50, coin: b })).paid.map((p) => p.amount)).toEqual(['900011']);
  });

  it('values rounds at prices posted late (before the rounds), and the latest price moves usdCentsNow', async () => {
    const solCoins = catalog.coins.filter((c) => c.mode === 'holder' && c.rounds > 0).map((c) => c.mint);
    const before = await getCoinRewards(ctx, solCoins[0]!, { limit: 10 });
    const firstRound = events.find((event) => event.type === 'payout.round')!;
    const price = (slot: number, blockTime: number, microUsd: string, n: number): Event =>
      ({
        id: `${benchSignature(800_000 + n)}:memo:0`,
        type: 'price.updated',
        network: 'mainnet',
        slot,
        blockTime,
        signature: benchSignature(800_000 + n),
        v: 1,
        data: { asset: 'SOL', microUsd },
      }) as Event;
    await project([
      price(firstRound.slot - 1, firstRound.blockTime - 1, '77000000', 1),
      price(events.at(-1)!.slot + 30, events.at(-1)!.blockTime + 60, '999000000', 2),
    ]);
    const after = await getCoinRewards(ctx, solCoins[0]!, { limit: 10 });
    expect(after).not.toEqual(before);
    const fresh = afresh();
    for (const mint of solCoins) expect(await getCoinRewards(ctx, mint, { limit: 10 })).toEqual(await getCoinRewards(fresh, mint, { limit: 10 }));
  });

  it('answers the same on a read path without a change feed', async () => {
    const bare = apiContext({ olap, config });
    const coin = catalog.coins[0]!.mint;
    expect(await getCoinRewards(bare, coin, { limit: 10 })).toEqual(await getCoinRewards(ctx, coin, { limit: 10 }));
    const wallet = catalog.owedWallets[0]!;
    expect(await getWalletRewards(bare, wallet, { limit: 50 })).toEqual(await getWalletRewards(ctx, wallet, { limit: 50 }));
  });
});
