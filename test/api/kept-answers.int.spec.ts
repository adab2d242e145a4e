// Kept answers of the coin board's reads on the API fixture (chDB through the projections) and an embedded
// operational store: the board is one object over the seconds it shows the same (equal at each to the rows the
// market's events give, test/fixtures/expected-coin-rows.ts), keeps unchanged rows, and after a write serves the board
// from before only to requests arriving while the first reads the new one; the coin list, one coin, ideas, token
// search and platform stats answer the same object while what they show is unchanged, and a new one (as the events
// say) once it changes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiContext, type ApiContext } from '../../api/deps.js';
import { getCoin, listCoins } from '../../api/handlers/coins.js';
import { ideaBoard, listIdeas } from '../../api/handlers/ideas.js';
import { getPlatformStats } from '../../api/handlers/platform.js';
import { searchTokens } from '../../api/handlers/tokens.js';
import { importIdeas, parseIdeasFile } from '../../api/ideas/idea-import.js';
import { launches, type LaunchRecord } from '../../api/launch/records.js';
import { boardAt, type CoinBoard } from '../../api/queries/coin-board.js';
import type { CoinRow } from '../../api/queries/coin-sql.js';
import { LogoStore } from '../../api/tokens/token-logo.js';
import { ReadPath } from '../../projections/read-path.js';
import { announcedStore, type AnnouncedStore } from '../fixtures/announced-store.js';
import type { OpStore } from '../../infra/opstore/op-store.js';
import { openOpStore } from '../../infra/opstore/open-op-store.js';
import { coinFiguresProjector } from '../../projections/coin-figures/projector.js';
import { tradesProjector } from '../../projections/trades/projector.js';
import { TRADES_TABLE } from '../../projections/trades/table.js';
import type { CoinListQuery } from '../../schemas/api/coins.js';
import { coveredColumns, ExpectedMarket } from '../fixtures/expected-coin-rows.js';
import { NOW } from './fixtures/market.js';
import { startApiHarness, type ApiHarness } from './harness.js';

const HOUR = 3_600;
const DAY = 86_400;
let h: ApiHarness;
let dir: string;
let store: OpStore;
let nowMs = NOW * 1000;
let ctx: ApiContext;
/** The harness's store with its writes announced, and the read path following them. */
let announced: AnnouncedStore;
/** What the fixture's events and the trades written here say the tables hold. */
let market: ExpectedMarket;

beforeAll(async () => {
  h = await startApiHarness();
  dir = mkdtempSync(join(tmpdir(), 'kept-answers-'));
  store = await openOpStore({ dataDir: dir });
  announced = announcedStore(h.olap);
  market = new ExpectedMarket(h.fixture.logged);
  ctx = apiContext({ olap: announced.olap, reads: announced.reads, config: h.config, opstore: store, clock: () => new Date(nowMs) });
});
afterAll(async () => {
  await h?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const pending = (row: CoinRow, second: number) => second - Number(row.createdAt) < 60;

/** A trade of `mint` one second before `second`, written as the trades and coin-figures projectors write one. */
async function writeTrade(mint: string, second: number, quoteAmount: string): Promise<void> {
  const [last] = await h.olap.query<Record<string, unknown>>(`SELECT * FROM ${TRADES_TABLE} FINAL WHERE mint = {mint:String} ORDER BY slot DESC LIMIT 1`, {
    mint,
  });
  const events = [
    {
      offset: 50_000_000n + BigInt(second),
      event: {
        id: `${String(last!.signature)}:kept:${second}`,
        type: 'trade',
        network: 'mainnet',
        slot: Number(last!.slot) + 1_000,
        blockTime: second - 1,
        signature: String(last!.signature),
        v: 1,
        data: {
          mint,
          venue: last!.venue,
          market: last!.market,
          trader: last!.trader,
          side: 'buy',
          coinAmount: '1000',
          quoteAmount,
          feeAmount: '0',
          referralFee: '0',
          referrer: null,
          quoteMint: last!.quoteMint,
          reserves: { coin: String(last!.reserveCoin), quote: String(last!.reserveQuote) },
        },
      },
    },
  ] as never;
  for (const projector of [tradesProjector, coinFiguresProjector]) {
    for (const [table, rows] of Object.entries(projector.handle(events))) if (rows.length > 0) await announced.olap.insert(table, rows);
  }
  market.add(events);
}

describe('the coin board', () => {
  it("is one object over the seconds it shows the same, equal to the events' rows at each, and keeps unchanged rows", async () => {
    const quiet = h.fixture.coins.quiet.mint;
    const fresh = h.fixture.coins.fresh.mint;
    let before: CoinBoard | null = null;
    let sawSame = false;
    for (let second = NOW - 2; second <= NOW + 40; second++) {
      const board = await boardAt(announced.reads, second);
      const expected = market.rows(second);
      for (const [mint, row] of expected) expect(coveredColumns(board.rows.get(mint)), `${mint} at ${second}`).toEqual(row);
      if (before !== null) {
        const showsTheSame =
          [...expected.keys()].every((mint) => board.rows.get(mint) === before!.rows.get(mint)) &&
          [...board.rows.values()].every((row) => pending(row, second) === pending(row, second - 1));
        expect(board === before, `board at ${second}`).toBe(showsTheSame);
        expect(board.rows.get(quiet)).toBe(before.rows.get(quiet));
        sawSame ||= board === before;
      }
      // The fresh coin's minute ends at NOW + 30: its figures show from then on.
      if (second === NOW + 30) expect(board).not.toBe(before);
      expect(pending(board.rows.get(fresh)!, board.nowSeconds)).toBe(second < NOW + 30);
      before = board;
    }
    expect(sawSame).toBe(true);
  });

  it('after a write, answers the board from before only to requests arriving while the new one is read', async () => {
    const second = NOW + 100;
    const alpha = h.fixture.coins.alpha.mint;
    const before = await boardAt(announced.reads, second);
    expect(boardAt(announced.reads, second)).toBe(before);
    await writeTrade(alpha, second, '123000');
    const reading = boardAt(announced.reads, second);
    expect(reading).toBeInstanceOf(Promise);
    expect(boardAt(announced.reads, second)).toBe(before);
    const after = await reading;
    expect(after).not.toBe(before);
    expect(BigInt(after.rows.get(alpha)!.volume24h) - BigInt(before.rows.get(alpha)!.volume24h)).toBe(123_000n);
    expect(coveredColumns(after.rows.get(alpha))).toEqual(market.row(alpha, second));
    expect(boardAt(announced.reads, second)).toBe(after);
    // Rows of coins the write did not touch are the same objects.
    expect(after.rows.get(h.fixture.coins.beta.mint)).toBe(before.rows.get(h.fixture.coins.beta.mint));
  });
});

describe('after a trade', () => {
  it("reads again only the written coin's facts and figures, and the board holds the events' rows", async () => {
    const statements: { sql: string; params?: Record<string, unknown> }[] = [];
    const counted = new ReadPath(
      {
        exec: (sql, params) => h.olap.exec(sql, params),
        insert: (table, rows) => h.olap.insert(table, rows),
        query: (sql, params) => {
          statements.push({ sql, params });
          return h.olap.query(sql, params);
        },
        close: async () => {},
      },
      announced.changes,
    );
    const second = NOW + 300;
    const gamma = h.fixture.coins.gamma.mint;
    const before = await boardAt(counted, second);
    await writeTrade(gamma, second, '999');
    statements.length = 0;
    const after = await boardAt(counted, second);
    const perCoin = statements.filter((statement) => Array.isArray(statement.params?.mints)).map((statement) => statement.params!.mints);
    expect(perCoin).toEqual([[gamma], [gamma]]);
    const expected = market.rows(second);
    for (const [mint, row] of expected) expect(coveredColumns(after.rows.get(mint)), mint).toEqual(row);
    expect(BigInt(after.rows.get(gamma)!.volume24h) - BigInt(before.rows.get(gamma)!.volume24h)).toBe(999n);
    for (const mint of expected.keys()) if (mint !== gamma) expect(after.rows.get(mint)).toBe(before.rows.get(mint));
  });
});

describe('kept answers', () => {
  const query = (extra: Partial<CoinListQuery>): CoinListQuery => ({ sort: 'volume', mode: 'any', graduated: 'any', limit: 50, offset: 0, ...extra });

  it('coin list: the same page object while its coins are unchanged, a new one as the events say after', async () => {
    nowMs = (NOW + 200) * 1000;
    const all = query({});
    const betaOnly = query({ q: 'BETA' });
    const page = await listCoins(ctx, all);
    const betaPage = await listCoins(ctx, betaOnly);
    expect(await listCoins(ctx, all)).toBe(page);
    expect(await listCoins(ctx, { ...all })).toBe(page);
    expect(betaPage.coins.map((coin) => coin.mint)).toEqual([h.fixture.coins.beta.mint]);

    await writeTrade(h.fixture.coins.alpha.mint, NOW + 200, '456000');
    const after = await listCoins(ctx, all);
    expect(after).not.toBe(page);
    const expected = market.page(all, NOW + 200, h.config.mints.stablecoin);
    expect(after.coins.map((coin) => [coin.mint, coin.volume24h])).toEqual(expected.map((row) => [row.mint, row.volume24h]));
    // Coins the write did not touch keep their summary objects; a page of only those is the same object.
    expect(after.coins.find((coin) => coin.mint === h.fixture.coins.beta.mint)).toBe(page.coins.find((coin) => coin.mint === h.fixture.coins.beta.mint));
    expect(await listCoins(ctx, betaOnly)).toBe(betaPage);
  });

  it('one coin: the same object while unchanged; a launch text written through the store shows at once', async () => {
    const beta = h.fixture.coins.beta;
    const coin = await getCoin(ctx, beta.mint);
    expect(await getCoin(ctx, beta.mint)).toBe(coin);
    expect(coin.user.description).toBeNull();
    const creator = coin.creator.wallet;
    const record: LaunchRecord = {
      id: beta.mint,
      route: 'launchpad',
      creator,
      state: 'confirmed',
      mintSource: 'browser',
      sponsored: false,
      market: beta.curve!,
      quoteMint: beta.quoteMint,
      prepared: [],
      lastValidBlockHeight: 0,
      submittedHash: null,
      signed: [],
      signatures: [],
      sent: 0,
      landedSlot: 1,
      reason: null,
      description: 'A cat.',
      socials: JSON.stringify({ x: 'https://x.com/beta', telegram: null, website: null }),
      settings: '{}',
      buy: null,
      createdAt: 0,
      updatedAt: 0,
    };
    await store.insert(launches, record);
    const described = await getCoin(ctx, beta.mint);
    expect(described).not.toBe(coin);
    expect(described.user).toMatchObject({ description: 'A cat.', socials: { x: 'https://x.com/beta', telegram: null, website: null } });
    expect(described).toEqual({ ...coin, user: { ...coin.user, description: 'A cat.', socials: { x: 'https://x.com/beta', telegram: null, website: null } } });
    expect(await getCoin(ctx, beta.mint)).toBe(described);
  });

  it("ideas: the same object while the ideas and the clock span are the same; new ones after an import or past a score's day", async () => {
    nowMs = NOW * 1000;
    const at = (seconds: number) => new Date(seconds * 1000).toISOString();
    const idea = (id: string, name: string, ticker: string, createdAt: number, extra: object = {}) => ({
      id,
      name,
      ticker,
      pitch: `About ${name}`,
      trend: 'memes',
      story: 'A story.',
      takes: ['Yes.'],
      createdAt: at(createdAt),
      ...extra,
    });
    // Scored over a day ago: on the board, not first.
    const longAgo = { crew: { scores: [5, 5, 5, 5, 5], scoredAt: at(NOW - 2 * DAY) } };
    await importIdeas(
      store,
      parseIdeasFile(
        JSON.stringify({
          ideas: [
            idea('quiet', 'Quiet Alpha', 'QUIET', NOW - 6 * HOUR, longAgo),
            idea('scored', 'Scored One', 'SONE', NOW - 2 * HOUR, { crew: { scores: [20, 20, 20, 20, 20], scoredAt: at(NOW - HOUR) } }),
            idea('plain', 'Plain One', 'PONE', NOW - 30 * 60, longAgo),
          ],
        }),
      ),
    );
    const board = ideaBoard(ctx);
    const first = await listIdeas(ctx, board, { limit: 10 });
    expect(first.ideas.map((i) => i.id)).toEqual(['scored', 'plain', 'quiet']);
    expect(first.ideas[2]!.launched?.mint).toBe(h.fixture.coins.quiet.mint);
    expect(await listIdeas(ctx, board, { limit: 10 })).toBe(first);

    // The scored idea is fresh up to its score plus a day, to the millisecond.
    nowMs = (NOW - HOUR + DAY) * 1000;
    const lastFresh = await listIdeas(ctx, board, { limit: 10 });
    expect(lastFresh.ideas.map((i) => i.id)).toEqual(['scored', 'plain', 'quiet']);
    nowMs += 1;
    expect((await listIdeas(ctx, board, { limit: 10 })).ideas.map((i) => i.id)).toEqual(['plain', 'scored', 'quiet']);

    nowMs = NOW * 1000;
    await importIdeas(store, parseIdeasFile(JSON.stringify({ ideas: [idea('later', 'Later One', 'LONE', NOW - 60, longAgo)] })));
    const imported = await listIdeas(ctx, board, { limit: 10 });
    expect(imported).not.toBe(first);
    expect(imported.ideas.map((i) => i.id)).toEqual(['scored', 'later', 'plain', 'quiet']);
  });

  it('token search and platform stats: the same object while unchanged', async () => {
    const deps = { aggregator: null, logos: new LogoStore() };
    const tokens = await searchTokens(ctx, deps, { q: 'alpha', limit: 5 });
    expect(tokens.tokens.map((token) => token.mint)).toContain(h.fixture.coins.alpha.mint);
    expect(await searchTokens(ctx, deps, { q: 'alpha', limit: 5 })).toBe(tokens);
    expect(await searchTokens(ctx, deps, { q: 'alpha', limit: 4 })).not.toBe(tokens);
    // A trade of another coin makes a new board; the search's coins are unchanged, and so is its answer.
    const quiet = await searchTokens(ctx, deps, { q: 'quiet', limit: 5 });
    expect(quiet.tokens).toHaveLength(1);
    await writeTrade(h.fixture.coins.beta.mint, NOW, '1000');
    expect(await searchTokens(ctx, deps, { q: 'quiet', limit: 5 })).toBe(quiet);
    const stats = await getPlatformStats(ctx);
    expect(await getPlatformStats(ctx)).toBe(stats);
  });
});
