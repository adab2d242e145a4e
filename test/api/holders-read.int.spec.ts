// The holders read (GET /coins/{mint}/holders: api/handlers/holders.ts, its count and top list from the coin board,
// the baseline from the store) on a live store fed by the real projections and views with generated coins (ties,
// accounts changing hands, wallets selling out, venues and service wallets holding, creator-mode coins, coins without
// holders, baselines from claims and rounds), against the holders read recomputed from the events written: the count,
// top list, shares and what the next round counts for every coin and limit, the board's holder counts, and unknown
// mints, after the first events (in the log before the views start: the board loaded from the store) and after each
// later batch appended (new balances of one coin, a replay, a new round and claim, a graduation, a change before a
// baseline, a new coin). The same from the store's holder statement (projections/holders/queries.ts, the holder rule
// the health scorer reads with), a coin at a time and every coin in one statement: the board and the store agree.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerBalancesAt } from '../../projections/balances/queries.js';
import { coinHolderFacts, holderBalances } from '../../projections/holders/queries.js';
import type { HoldersResponse } from '../../schemas/api/holders.js';
import { loadConfig } from '../../schemas/config.js';
import { DEVNET_ADDRESSES } from '../../schemas/devnet-addresses.js';
import type { Event } from '../../schemas/events/index.js';
import { countedBalance } from '../../schemas/rewards/allocation.js';
import { openLiveStore, type LiveStore } from '../fixtures/live-store.js';
import { addr, balanceChanged, graduated, launched } from '../projections/event-fixtures.js';
import { feesClaimed, payoutRound } from '../projections/reward-events.js';

const U = 1_000_000_000_000n;
const config = loadConfig({ RATE_LIMIT_PER_MINUTE: '0' });
const SERVICE = Object.values(config.wallets);
const WALLETS = Array.from({ length: 12 }, (_, i) => addr(101 + i) as string);
const COINS = Array.from({ length: 10 }, (_, i) => addr(1 + i) as string);
const CREATOR_MODE = new Set([COINS[2], COINS[6]]);
const BARE = COINS[8]!; // launched, never held
const VENUES_ONLY = COINS[9]!; // held by its curve and the treasury only
const LATE = addr(20) as string; // launched after the full load
const UNKNOWN = [addr(999) as string, DEVNET_ADDRESSES.stablecoinMint, LATE];
const LIMITS = [1, 2, 5, 20, 100];
const curveOf = (i: number) => addr(600 + i) as string;
const poolOf = (i: number) => addr(700 + i) as string;

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(7);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

let tx = 10_000;
/** Each token account's owner and balance, as the generated chain left it. */
const accounts = new Map<string, { mint: string; owner: string; balance: bigint }>();

function setBalance(slot: number, mint: string, account: string, owner: string, post: bigint): Event {
  const pre = accounts.get(account)?.balance ?? 0n;
  accounts.set(account, { mint, owner, balance: post });
  return balanceChanged({ slot, tx: tx++, account: 0 }, { mint: mint as never, owner: owner as never, tokenAccount: account as never, pre, post });
}

const claimed = (slot: number, mint: string) => feesClaimed({ slot, tx: tx++ }, mint as never, DEVNET_ADDRESSES.stablecoinMint as never, 10n, 'holders');

const round = (slot: number, mint: string, n: number, snapshotSlot: number, baselineSlot: number) =>
  payoutRound({ slot, tx: tx++ }, { mint: mint as never, round: n, snapshotSlot, baselineSlot, holdersCounted: 1, potSpent: '5', paidIn: 'pair', tokens: [] });

/** Random balance changes of coin `i` over slots [from, to): amounts from a short list so equal balances are
 * common; accounts change hands now and then, some are emptied. */
function trading(i: number, from: number, to: number, count: number): Event[] {
  const mint = COINS[i]!;
  const events: Event[] = [];
  for (let n = 0; n < count; n++) {
    const slot = from + Math.floor(((to - from) * n) / count);
    const account = addr(1_000 + i * 50 + Math.floor(rand() * 14)) as string;
    const current = accounts.get(account);
    const owner = current === undefined || rand() < 0.15 ? pick(WALLETS) : current.owner;
    const post = rand() < 0.15 ? 0n : pick([1n, 2n, 3n, 5n, 8n]) * U;
    events.push(setBalance(slot, mint, account, owner, post));
  }
  return events;
}

function history(): Event[] {
  const events: Event[] = [];
  COINS.forEach((mint, i) => {
    events.push(launched({ slot: 2, tx: tx++ }, mint as never, { mode: CREATOR_MODE.has(mint) ? 'creator' : 'holder', curve: curveOf(i) as never }));
    if (mint === BARE) return;
    events.push(setBalance(3, mint, addr(2_000 + i) as string, curveOf(i), 700n * U));
    events.push(setBalance(4, mint, addr(2_100 + i) as string, SERVICE[i % SERVICE.length]!, 5n * U));
    if (mint === VENUES_ONLY) return;
    events.push(...trading(i, 5, 100, 40));
  });
  // Baselines: claims for most holder-mode coins, rounds for some.
  for (const i of [0, 1, 3, 4, 5, 9]) events.push(claimed(30 + i, COINS[i]!));
  events.push(round(60, COINS[0]!, 1, 55, 30), round(62, COINS[3]!, 1, 58, 33), claimed(40, COINS[2]!));
  events.push(graduated({ slot: 80, tx: tx++ }, COINS[4] as never, curveOf(4) as never, poolOf(4) as never));
  events.push(setBalance(81, COINS[4]!, addr(2_200 + 4) as string, poolOf(4), 150n * U));
  return events.sort((a, b) => a.slot - b.slot);
}

let store: LiveStore;
let app: FastifyInstance;
let initial: Event[];
/** The log offset the next event gets, counted from the story's first (only their order matters). */
let offset = 0n;

/** Every event written, by id, with the log offset it was last written at (as the tables keep a row written again). */
const written = new Map<string, { event: Event; offset: bigint }>();

/** Notes `events` as written next, in the log's order. */
function note(events: readonly Event[]): void {
  for (const event of events) written.set(event.id, { event, offset: offset++ });
}

/** Appends `events` to the log, as the chain would add them: taken by the projections and the views when it resolves. */
async function write(events: readonly Event[]): Promise<void> {
  note(events);
  await store.append(events);
}

/** Owners' balances of `mint` at the end of `slot` (the latest change of each token account by slot and log offset,
 * summed over the accounts each owner held then), from the events written. */
function balancesAt(mint: string, slot: number): Map<string, bigint> {
  const latest = new Map<string, { owner: string; post: bigint }>();
  const changes = [...written.values()]
    .filter(({ event }) => event.type === 'token.balance_changed' && event.data.mint === mint && event.slot <= slot)
    .sort((a, b) => a.event.slot - b.event.slot || Number(a.offset - b.offset));
  for (const { event } of changes) {
    if (event.type === 'token.balance_changed') latest.set(event.data.tokenAccount, { owner: event.data.owner, post: BigInt(event.data.post) });
  }
  const balances = new Map<string, bigint>();
  for (const { owner, post } of latest.values()) if (post > 0n) balances.set(owner, (balances.get(owner) ?? 0n) + post);
  return balances;
}

/** The holders read recomputed from the events written (spec 2.6): owners with a balance, the coin's venues and the
 * service's wallets left out, largest first and ties by wallet; the next round's baseline is the latest round's
 * snapshot slot, else the first fee claim's slot (holder mode only). */
function reference(mint: string, limit: number): HoldersResponse | null {
  const events = [...written.values()].map(({ event }) => event).filter((event) => (event.data as { mint?: string }).mint === mint);
  const launch = events.find((event) => event.type === 'coin.launched');
  if (launch?.type !== 'coin.launched') return null;
  const venues: (string | null)[] = [
    launch.data.curve,
    launch.data.pool,
    ...events.flatMap((event) => (event.type === 'coin.graduated' ? [event.data.pool] : [])),
  ];
  const holders = [...balancesAt(mint, Number.MAX_SAFE_INTEGER)]
    .filter(([owner]) => !venues.includes(owner) && !SERVICE.includes(owner))
    .sort(([a, x], [b, y]) => (x === y ? (a < b ? -1 : 1) : x > y ? -1 : 1));
  const rounds = events.flatMap((event) => (event.type === 'payout.round' ? [event.data] : [])).sort((a, b) => b.round - a.round);
  const claims = events.flatMap((event) => (event.type === 'fees.claimed' ? [event.slot] : []));
  const baselineSlot = launch.data.mode === 'creator' ? null : rounds.length > 0 ? rounds[0]!.snapshotSlot : claims.length > 0 ? Math.min(...claims) : null;
  const atBaseline = baselineSlot === null ? null : balancesAt(mint, baselineSlot);
  const totalSupply = BigInt(launch.data.totalSupply);
  return {
    holders: holders.length,
    baselineSlot,
    top: holders.slice(0, limit).map(([wallet, amount]) => ({
      wallet,
      amount: amount.toString(),
      shareBps: totalSupply === 0n ? 0 : Number((amount * 10_000n) / totalSupply),
      countsNextRound: atBaseline === null ? null : countedBalance(amount, atBaseline.get(wallet) ?? 0n).toString(),
    })),
  };
}

/** A holders read: a coin's answer (null when it is not a coin) and the holder counts of the coins of `mints` that
 * have holders. */
interface HolderBook {
  holders(mint: string, limit: number): Promise<HoldersResponse | null>;
  holderCounts(mints: readonly string[]): Promise<Map<string, number>>;
}

/** The route, and the coin board's holder counts (those of the coin list and coin answers) at the app's second. */
const routeBook: HolderBook = {
  async holders(mint, limit) {
    const res = await app.inject({ method: 'GET', url: `/api/v1/coins/${mint}/holders?limit=${limit}` });
    if (res.statusCode === 404) return null;
    expect(res.statusCode).toBe(200);
    return res.json();
  },
  async holderCounts(mints) {
    const { rows } = store.views.board.at(Math.floor(Date.now() / 1000));
    return new Map(mints.flatMap((mint) => ((rows.get(mint)?.holders ?? 0) > 0 ? [[mint, rows.get(mint)!.holders] as const] : [])));
  },
};

/** The store's holder statement (the health scorer's) over the coins of `mints`: their answers at `limit`, the
 * baseline balances from the balance history. */
async function storeHolders(mints: readonly string[], limit: number): Promise<Map<string, HoldersResponse>> {
  const facts = [...(await coinHolderFacts(store.olap, mints)).values()];
  const balances = await holderBalances(store.olap, facts, SERVICE);
  const answers = new Map<string, HoldersResponse>();
  for (const coin of facts) {
    const held = balances
      .filter((row) => row.mint === coin.mint)
      .map((row) => ({ wallet: row.owner, amount: row.amount }))
      .sort((a, b) => (a.amount === b.amount ? (a.wallet < b.wallet ? -1 : 1) : a.amount > b.amount ? -1 : 1));
    const top = held.slice(0, limit);
    const atBaseline =
      coin.baselineSlot === null
        ? null
        : await ownerBalancesAt(
            store.olap,
            coin.mint,
            coin.baselineSlot,
            top.map((holder) => holder.wallet),
          );
    answers.set(coin.mint, {
      holders: held.length,
      baselineSlot: coin.baselineSlot,
      top: top.map(({ wallet, amount }) => ({
        wallet,
        amount: amount.toString(),
        shareBps: coin.totalSupply === 0n ? 0 : Number((amount * 10_000n) / coin.totalSupply),
        countsNextRound: atBaseline === null ? null : countedBalance(amount, atBaseline.get(wallet) ?? 0n).toString(),
      })),
    });
  }
  return answers;
}
const countsOf = (answers: Map<string, HoldersResponse>) =>
  new Map([...answers].flatMap(([mint, answer]) => (answer.holders > 0 ? [[mint, answer.holders] as const] : [])));

/** The store's statement for one coin at a time. */
const storeBook: HolderBook = {
  holders: async (mint, limit) => (await storeHolders([mint], limit)).get(mint) ?? null,
  holderCounts: async (mints) => {
    const counts = new Map<string, number>();
    for (const mint of mints) for (const [each, count] of countsOf(await storeHolders([mint], 1))) counts.set(each, count);
    return counts;
  },
};

/** The store's statement for every coin of the story (and the unknown mints) at once, a coin's answer taken from it. */
const bulkBook: HolderBook = {
  holders: async (mint, limit) => (await storeHolders([...COINS, ...UNKNOWN], limit)).get(mint) ?? null,
  holderCounts: async (mints) => countsOf(await storeHolders(mints, 1)),
};

const books: { name: string; book: HolderBook }[] = [
  { name: 'the route and the board', book: routeBook },
  { name: 'the store, a coin at a time', book: storeBook },
  { name: 'the store, every coin at once', book: bulkBook },
];

/** Every book's answers equal the recomputed ones, for every coin (and unknown mints) and limit (after the first
 * events; two limits, a tie's edge and the whole list, after each later change). */
async function expectSameAsRecomputed(step: string, limits: readonly number[] = [2, 100]): Promise<void> {
  const mints = [...COINS, ...UNKNOWN];
  const counts = new Map(
    mints.flatMap((mint) => {
      const holders = reference(mint, 0)?.holders ?? 0;
      return holders > 0 ? [[mint, holders] as const] : [];
    }),
  );
  for (const { name, book } of books) {
    for (const mint of mints) {
      for (const limit of limits) expect(await book.holders(mint, limit), `${step}: ${name} ${mint} limit ${limit}`).toEqual(reference(mint, limit));
    }
    expect(await book.holderCounts(mints), `${step}: ${name} counts`).toEqual(counts);
    expect(await book.holderCounts([COINS[1]!, UNKNOWN[0]!]), `${step}: ${name} some counts`).toEqual(
      new Map(counts.has(COINS[1]!) ? [[COINS[1]!, counts.get(COINS[1]!)!]] : []),
    );
  }
}

beforeAll(async () => {
  initial = history();
  note(initial);
  store = await openLiveStore({ config, events: initial });
  app = store.app();
});

afterAll(async () => store?.close());

describe('holder reads', () => {
  it('answers as recomputed after the first write, the data covering ties, excluded owners, both modes and empty coins', async () => {
    await expectSameAsRecomputed('loaded', LIMITS);
    const first = reference(COINS[0]!, 100);
    const amounts = first!.top.map((h) => h.amount);
    expect(new Set(amounts).size, 'equal balances among the holders').toBeLessThan(amounts.length);
    expect(first!.baselineSlot).toBe(55);
    expect(
      first!.top.some((h) => h.countsNextRound !== h.amount),
      'a baseline that differs from now',
    ).toBe(true);
    expect(reference(COINS[2]!, 20)!.baselineSlot, 'creator mode').toBeNull();
    expect(reference(BARE, 20)).toEqual({ holders: 0, baselineSlot: null, top: [] });
    expect(reference(VENUES_ONLY, 20)!.holders).toBe(0);
    expect(reference(COINS[4]!, 100)!.top.map((h) => h.wallet)).not.toContain(poolOf(4));
  });

  it('answers the new balances of one coin, and the others as before', async () => {
    const others = await routeBook.holders(COINS[1]!, 20);
    const before = await routeBook.holders(COINS[0]!, 20);
    await write(trading(0, 101, 110, 6));
    expect(await routeBook.holders(COINS[1]!, 20)).toEqual(others);
    expect(await routeBook.holders(COINS[0]!, 20)).not.toEqual(before);
    await expectSameAsRecomputed('new balances of one coin');
  });

  it('stays equal after a replay, a new round and claims, a graduation and a change before a baseline', async () => {
    const owner = WALLETS[3]!;
    // A tie made on purpose, and an account emptied by its owner.
    const top = reference(COINS[1]!, 1)!.top[0]!;
    await write([setBalance(120, COINS[1]!, addr(3_001) as string, owner === top.wallet ? WALLETS[4]! : owner, BigInt(top.amount))]);
    await expectSameAsRecomputed('a tie');
    await write(initial.filter((event) => event.type === 'token.balance_changed').slice(0, 30));
    await expectSameAsRecomputed('a replay of early changes');
    await write([round(130, COINS[0]!, 2, 125, 55), claimed(131, BARE), claimed(132, COINS[6]!)]);
    await expectSameAsRecomputed('a new round and claims');
    await write([
      graduated({ slot: 140, tx: tx++ }, COINS[5] as never, curveOf(5) as never, poolOf(5) as never),
      setBalance(141, COINS[5]!, addr(2_205) as string, poolOf(5), 90n * U),
    ]);
    await expectSameAsRecomputed('a graduation');
    // A change at slot 20, before coin 1's baseline (its first claim, slot 31), written late.
    await write([setBalance(20, COINS[1]!, addr(3_002) as string, WALLETS[7]!, 13n * U)]);
    await expectSameAsRecomputed('a change before a baseline');
  });

  it('finds a coin launched later, having answered it unknown before', async () => {
    for (const { book } of books) expect(await book.holders(LATE, 20)).toBeNull();
    await write([
      launched({ slot: 150, tx: tx++ }, LATE as never, { curve: curveOf(19) as never }),
      setBalance(151, LATE, addr(3_100) as string, WALLETS[0]!, 4n * U),
    ]);
    const expected = reference(LATE, 20);
    expect(expected!.holders).toBe(1);
    for (const { name, book } of books) {
      expect(await book.holders(LATE, 20), name).toEqual(expected);
      expect(await book.holderCounts([LATE]), name).toEqual(new Map([[LATE, 1]]));
    }
  });

  it('serves the holders route and the coin counts', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/coins/${COINS[0]}/holders?limit=5` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(reference(COINS[0]!, 5));
    const coin = await app.inject({ method: 'GET', url: `/api/v1/coins/${COINS[3]}` });
    expect(coin.json().holders).toBe(reference(COINS[3]!, 1)!.holders);
    expect((await app.inject({ method: 'GET', url: `/api/v1/coins/${addr(998)}/holders` })).statusCode).toBe(404);
  });
});
