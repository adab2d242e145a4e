// Handlers of the ideas board `GET /ideas` and `GET /ideas/{id}` (spec 2.15), shared by the HTTP routes and the MCP
// tool: ideas from the operational store in board order, each with the coin launched from it
// (api/ideas/idea-linker.ts) and that coin's market cap in lamports as the coin board gives it at the context's
// second; kept a moment (ideas are written by other processes too) and while no coin launches.
import { COINS_TABLE } from '../../projections/coins/table.js';
import { ideaResponse, ideasResponse, type Idea, type IdeasQuery } from '../../schemas/api/ideas.js';
import { opstoreSource, type ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { ideasCollection, type IdeaRecord } from '../ideas/idea-records.js';
import { IdeaLinker } from '../ideas/idea-linker.js';
import { ideaPageUrl } from '../site/coin-metadata.js';
import { type Answer, answerKey } from './answer-cache.js';
import { figuresAt, pairKind } from './coins.js';

const DAY_MS = 86_400_000;
const SEARCHED_FIELDS = ['name', 'ticker', 'trend', 'pitch'] as const;

/** Newest first; id breaks ties so the order is stable. */
const newestFirst = (a: IdeaRecord, b: IdeaRecord) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** An idea the crew has scored: only those are on the board (its score is 0 to 100, spec 2.15). */
type ScoredIdea = IdeaRecord & { crewScore: number; scoredAt: number };

const isScored = (idea: IdeaRecord): idea is ScoredIdea => idea.crewScore !== null && idea.scoredAt !== null;

/** The scored ideas within `launched` and `q` (a literal, case-insensitive part of a searched field) in board order
 * (schemas/api/ideas.ts): scored in the last day and not launched first, by score then newest, then the rest, newest. */
function boardOrder(ideas: readonly IdeaRecord[], query: IdeasQuery, nowMs: number): ScoredIdea[] {
  const dayAgo = nowMs - DAY_MS;
  const needle = query.q?.toLowerCase();
  const chosen = ideas.filter(
    (idea): idea is ScoredIdea =>
      isScored(idea) &&
      (query.launched === undefined || (idea.launchedMint !== null) === query.launched) &&
      (needle === undefined || SEARCHED_FIELDS.some((field) => idea[field].toLowerCase().includes(needle))),
  );
  const freshScore = (idea: ScoredIdea) => (idea.launchedMint === null && idea.scoredAt >= dayAgo ? idea.crewScore : -1);
  return chosen.sort((a, b) => freshScore(b) - freshScore(a) || newestFirst(a, b)).slice(0, query.limit);
}

/** The linker the board reads with (it writes launches into its store's ideas); null without an operational store. */
export function ideaLinker(ctx: ApiContext): IdeaLinker | null {
  return ctx.opstore === undefined ? null : new IdeaLinker(ctx.views.board, ctx.opstore);
}

/** Every idea, with launches linked first (a failure there is reported and the stored links are used). */
async function linkedIdeas(linker: IdeaLinker, onLinkError: (error: unknown) => void): Promise<IdeaRecord[]> {
  const ideas = await linker.store.query(ideasCollection);
  const linked = await linker.link(ideas).catch((error: unknown) => {
    onLinkError(error);
    return false;
  });
  return linked ? linker.store.query(ideasCollection) : ideas;
}

/** The ideas as the board shows them, market caps in lamports as the coin board values them; records are spread, as
 * the schema keeps only the answer's fields (of `user`: the idea's words). */
function ideaItems(ctx: ApiContext, ideas: readonly ScoredIdea[], nowMs: number): Idea[] {
  const board = ctx.views.board.at(Math.floor(nowMs / 1000));
  return ideas.map((idea): Idea => {
    const coin = idea.launchedMint === null ? undefined : board.rows.get(idea.launchedMint);
    return {
      ...idea,
      user: idea,
      pair: { mint: idea.pairMint, kind: pairKind(idea.pairMint, ctx.config.mints.stablecoin) },
      scoredAt: new Date(idea.scoredAt).toISOString(),
      launched: coin === undefined ? null : { mint: coin.mint, venue: coin.route, marketCapLamports: figuresAt(ctx, board, coin).marketCapLamports },
      createdAt: new Date(idea.createdAt).toISOString(),
      page: ideaPageUrl(ctx.config.siteUrl, idea.id),
    };
  });
}

/** Ideas are written by other processes too (the import command): an answer is kept this long at most. */
const IDEAS_MAX_AGE_MS = 2_000;
/** Answers are per second (market caps as the board gives them then) and made again when a coin launches or an
 * idea is written here. */
const SOURCES = { on: [{ source: COINS_TABLE }, { source: opstoreSource(ideasCollection.name) }], maxAgeMs: IDEAS_MAX_AGE_MS };

/** `GET /ideas`. */
export function listIdeas(ctx: ApiContext, linker: IdeaLinker | null, query: IdeasQuery, onLinkError: (error: unknown) => void): Promise<Answer> {
  const nowMs = ctx.now().getTime();
  return ctx.answers.get(answerKey('ideas', { ...query, nowSeconds: Math.floor(nowMs / 1000) }), SOURCES, ideasResponse, async () =>
    linker === null ? { ideas: [] } : { ideas: ideaItems(ctx, boardOrder(await linkedIdeas(linker, onLinkError), query, nowMs), nowMs) },
  );
}

/** `GET /ideas/{id}`: one idea as the board shows it. */
export function getIdea(ctx: ApiContext, linker: IdeaLinker | null, id: string, onLinkError: (error: unknown) => void): Promise<Answer> {
  const nowMs = ctx.now().getTime();
  return ctx.answers.get(answerKey('idea', { id, nowSeconds: Math.floor(nowMs / 1000) }), SOURCES, ideaResponse, async () => {
    const idea = linker === null ? undefined : (await linkedIdeas(linker, onLinkError)).find((each) => each.id === id);
    if (idea === undefined) throw new NotFoundError(`no idea ${id}`);
    if (!isScored(idea)) throw new NotFoundError(`idea ${id} is not on the board yet: it shows once the crew has scored it`);
    return { idea: ideaItems(ctx, [idea], nowMs)[0]! };
  });
}
