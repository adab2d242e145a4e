// Handler of the ideas board `GET /ideas` (spec 2.15), shared by the HTTP route and the MCP tool: ideas from
// the operational store (held in memory, api/ideas/idea-snapshot.ts) in board order, each with the coin
// launched from it (api/ideas/idea-linker.ts) and that coin's market cap in lamports. Answers are kept per query
// and answered again, the same object, while the snapshot's ideas are the same array, the clock stays within the
// span over which no idea enters or leaves the last day's scored ones, and (when launched coins are shown) the coin
// board and SOL price are the same. Market caps are as of the coin board's second (api/queries/coin-board.ts).
import type { IdeaRecord } from '../ideas/idea-records.js';
import { IdeaLinker } from '../ideas/idea-linker.js';
import { IdeaSnapshot } from '../ideas/idea-snapshot.js';
import { ideaPageUrl } from '../site/coin-metadata.js';
import { priceAt } from '../../projections/prices/queries.js';
import { serialOf } from '../../projections/read-path.js';
import type { Idea, IdeaResponse, IdeasQuery, IdeasResponse } from '../../schemas/api/ideas.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { coinFigures, figuresPending } from '../figures.js';
import { boardAt, type CoinBoard } from '../queries/coin-board.js';
import type { CoinRow } from '../queries/coin-sql.js';

const DAY_MS = 86_400_000;
const SEARCHED_FIELDS = ['name', 'ticker', 'trend', 'pitch'] as const;

/** Newest first; id breaks ties so the order is stable. */
const newestFirst = (a: IdeaRecord, b: IdeaRecord) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** An idea the crew has scored: only those are on the board (its score is 0 to 100, spec 2.15). */
type ScoredIdea = IdeaRecord & { crewScore: number; scoredAt: number };

const isScored = (idea: IdeaRecord): idea is ScoredIdea => idea.crewScore !== null && idea.scoredAt !== null;

/** The board's ideas: the scored ones, those scored by the crew in the last day and not launched first (highest
 * score, then newest), then every other, newest first; within `launched` and `q` (a literal, case-insensitive part
 * of name, ticker, trend or pitch). */
export function boardOrder(ideas: readonly IdeaRecord[], query: IdeasQuery, nowMs: number): ScoredIdea[] {
  const dayAgo = nowMs - DAY_MS;
  const needle = query.q?.toLowerCase();
  const chosen = ideas.filter(
    (idea): idea is ScoredIdea =>
      isScored(idea) &&
      (query.launched === undefined || (idea.launchedMint !== null) === query.launched) &&
      (needle === undefined || SEARCHED_FIELDS.some((field) => idea[field].toLowerCase().includes(needle))),
  );
  const isFresh = (idea: ScoredIdea) => idea.launchedMint === null && idea.scoredAt >= dayAgo;
  const fresh = chosen.filter(isFresh).sort((a, b) => b.crewScore - a.crewScore || newestFirst(a, b));
  const rest = chosen.filter((idea) => !isFresh(idea)).sort(newestFirst);
  return [...fresh, ...rest].slice(0, query.limit);
}

/** A coin's market cap in lamports: SOL pairs as they are, stablecoin pairs at the latest SOL price. */
function marketCapLamports(row: CoinRow, nowSeconds: number, stablecoin: string, solMicroUsd: bigint | null): string | null {
  const figures = coinFigures(row, 0, nowSeconds);
  if (figures.marketCap === null) return null;
  if (row.quoteMint === NATIVE_MINT_ID) return figures.marketCap;
  if (row.quoteMint !== stablecoin || solMicroUsd === null || solMicroUsd === 0n) return null;
  // raw / 10^decimals dollars, at solMicroUsd / 10^6 dollars a SOL, 10^9 lamports a SOL.
  return ((BigInt(figures.marketCap) * 10n ** 15n) / (10n ** BigInt(row.quoteDecimals) * solMicroUsd)).toString();
}

function pairKind(mint: string, stablecoin: string): Idea['pair']['kind'] {
  if (mint === NATIVE_MINT_ID) return 'sol';
  return mint === stablecoin ? 'stablecoin' : 'token';
}

/** Answers kept per board: a few hundred queries of at most 25 ideas each. */
const MAX_ANSWERS = 1_000;

interface KeptIdeas {
  ideas: IdeaRecord[];
  /** The clock span (epoch ms, from inclusive, until exclusive) over which the board's order stays the same. */
  fromMs: number;
  untilMs: number;
  /** The coin board (by number: an old board is not held) and SOL price the launched coins' market caps were read
   * from; null when none is shown. */
  coins: number | null;
  /** The launched coins' rows and whether each one's figures were pending (as of that board's second). */
  rows: CoinRow[];
  pending: boolean[];
  needsSolPrice: boolean;
  solMicroUsd: bigint | null;
  answer: IdeasResponse;
}

/** What the board reads with: the ideas in memory, the linker writing launches into them, and the answers kept. */
export interface IdeaBoard {
  snapshot: IdeaSnapshot;
  linker: IdeaLinker;
  answers: Map<string, KeptIdeas>;
}

/** The board of a context; null without an operational store. */
export function ideaBoard(ctx: ApiContext): IdeaBoard | null {
  if (ctx.opstore === undefined) return null;
  const snapshot = new IdeaSnapshot(ctx.opstore);
  return { snapshot, linker: new IdeaLinker(ctx.reads, ctx.opstore, snapshot), answers: new Map() };
}

/** The span around `nowMs` within which no unlaunched scored idea enters or leaves the last day: an idea is fresh
 * while the clock is at most a day after its score. */
function freshSpan(ideas: readonly IdeaRecord[], nowMs: number): { fromMs: number; untilMs: number } {
  let fromMs = -Infinity;
  let untilMs = Infinity;
  for (const idea of ideas) {
    if (idea.launchedMint !== null || idea.scoredAt === null) continue;
    const lastFresh = idea.scoredAt + DAY_MS;
    if (lastFresh < nowMs) fromMs = Math.max(fromMs, lastFresh + 1);
    else untilMs = Math.min(untilMs, lastFresh + 1);
  }
  return { fromMs, untilMs };
}

/** Whether `coins` (another board) holds the same row objects for the kept answer's coins, pending as they were. */
function sameCoins(kept: KeptIdeas, coins: CoinBoard): boolean {
  return kept.rows.every((row, i) => coins.rows.get(row.mint) === row && figuresPending(row, coins.nowSeconds) === kept.pending[i]);
}

/** The ideas as the board shows them, with the board and rows their launched coins were read from. */
async function ideaItems(ctx: ApiContext, ideas: readonly ScoredIdea[], nowMs: number) {
  const mints = ideas.flatMap((idea) => (idea.launchedMint === null ? [] : [idea.launchedMint]));
  const coins = mints.length === 0 ? null : await boardAt(ctx.reads, Math.floor(nowMs / 1000));
  const nowSeconds = coins?.nowSeconds ?? Math.floor(nowMs / 1000);
  const rows = new Map(mints.flatMap((mint) => coins?.rows.get(mint) ?? []).map((row) => [row.mint, row]));
  const stablecoin = ctx.config.mints.stablecoin;
  const needsSolPrice = [...rows.values()].some((row) => row.quoteMint === stablecoin);
  const solMicroUsd = needsSolPrice ? await priceAt(ctx.reads, 'SOL') : null;
  const items = ideas.map((idea): Idea => {
    const coin = idea.launchedMint === null ? undefined : rows.get(idea.launchedMint);
    return {
      id: idea.id,
      user: { name: idea.name, ticker: idea.ticker, pitch: idea.pitch, trend: idea.trend, story: idea.story, takes: [...idea.takes] },
      pair: { mint: idea.pairMint, kind: pairKind(idea.pairMint, stablecoin) },
      crewScore: idea.crewScore,
      scoredAt: new Date(idea.scoredAt).toISOString(),
      launched:
        coin === undefined ? null : { mint: coin.mint, venue: coin.route, marketCapLamports: marketCapLamports(coin, nowSeconds, stablecoin, solMicroUsd) },
      createdAt: new Date(idea.createdAt).toISOString(),
      page: ideaPageUrl(ctx.config.siteUrl, idea.id),
    };
  });
  return { items, coins, rows: [...rows.values()], needsSolPrice, solMicroUsd };
}

const NO_IDEAS: IdeasResponse = { ideas: [] };

/** `GET /ideas`: links new launches first (a failure there is reported and the stored links are used). */
export async function listIdeas(
  ctx: ApiContext,
  board: IdeaBoard | null,
  query: IdeasQuery,
  onLinkError: (error: unknown) => void = () => {},
): Promise<IdeasResponse> {
  if (board === null) return NO_IDEAS;
  await board.linker.link().catch(onLinkError);
  const all = await board.snapshot.ideas();
  const nowMs = ctx.now().getTime();
  const key = `${query.limit}|${query.launched ?? ''}|${query.q ?? ''}`;
  const kept = board.answers.get(key);
  if (kept !== undefined && kept.ideas === all && nowMs >= kept.fromMs && nowMs < kept.untilMs) {
    if (kept.coins === null) return kept.answer;
    const coins = await boardAt(ctx.reads, Math.floor(nowMs / 1000));
    const solMicroUsd = kept.needsSolPrice ? await priceAt(ctx.reads, 'SOL') : null;
    if (solMicroUsd === kept.solMicroUsd && (serialOf(coins) === kept.coins || sameCoins(kept, coins))) {
      kept.coins = serialOf(coins);
      return kept.answer;
    }
  }
  const ideas = boardOrder(all, query, nowMs);
  const { items, coins, rows, needsSolPrice, solMicroUsd } = await ideaItems(ctx, ideas, nowMs);
  const answer: IdeasResponse = { ideas: items };
  const nowSeconds = coins?.nowSeconds ?? Math.floor(nowMs / 1000);
  board.answers.delete(key);
  const pending = rows.map((row) => figuresPending(row, nowSeconds));
  board.answers.set(key, {
    ideas: all,
    ...freshSpan(all, nowMs),
    coins: coins === null ? null : serialOf(coins),
    rows,
    pending,
    needsSolPrice,
    solMicroUsd,
    answer,
  });
  if (board.answers.size > MAX_ANSWERS) board.answers.delete(board.answers.keys().next().value!);
  return answer;
}

/** `GET /ideas/{id}`: one idea as the board shows it. */
export async function getIdea(ctx: ApiContext, board: IdeaBoard | null, id: string, onLinkError: (error: unknown) => void = () => {}): Promise<IdeaResponse> {
  if (board === null) throw new NotFoundError(`no idea ${id}`);
  await board.linker.link().catch(onLinkError);
  const idea = (await board.snapshot.ideas()).find((each) => each.id === id);
  if (idea === undefined) throw new NotFoundError(`no idea ${id}`);
  if (!isScored(idea)) throw new NotFoundError(`idea ${id} is not on the board yet: it shows once the crew has scored it`);
  const { items } = await ideaItems(ctx, [idea], ctx.now().getTime());
  return { idea: items[0]! };
}
