// Handler of the ideas board `GET /ideas` (spec 2.15), shared by the HTTP route and the MCP tool: ideas from
// the operational store in board order, each with the coin launched from it (api/ideas/idea-linker.ts) and
// that coin's market cap in lamports.
import type { IdeaRecord } from '../ideas/idea-records.js';
import { ideasCollection } from '../ideas/idea-records.js';
import type { IdeaLinker } from '../ideas/idea-linker.js';
import type { Filter } from '../../infra/opstore/op-store.js';
import { priceAt } from '../../projections/prices/queries.js';
import type { Idea, IdeasQuery, IdeasResponse } from '../../schemas/api/ideas.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import type { ApiContext } from '../deps.js';
import { computeFigures } from '../figures.js';
import { coinRowsOf } from '../queries/ideas.js';
import type { CoinRow } from '../queries/coin-sql.js';

const DAY_MS = 86_400_000;
const SEARCHED_FIELDS = ['name', 'ticker', 'trend', 'pitch'] as const;

/** `q` as a store filter. The store's `like` has no escape, so a `%` or `_` in `q` is matched here instead. */
function searchFilter(q: string | undefined): { filter: Filter<IdeaRecord>[]; exact: ((idea: IdeaRecord) => boolean) | null } {
  if (q === undefined) return { filter: [], exact: null };
  if (/[%_]/.test(q)) {
    const needle = q.toLowerCase();
    return { filter: [], exact: (idea) => SEARCHED_FIELDS.some((field) => idea[field].toLowerCase().includes(needle)) };
  }
  return { filter: [{ or: SEARCHED_FIELDS.map((field) => [field, 'like', `%${q}%`] as const) }], exact: null };
}

/** The board's ideas: scored by the crew in the last day and not launched (highest score, then newest), then
 * every other idea, newest first; within `launched` and `q`. */
async function boardIdeas(ctx: ApiContext, query: IdeasQuery): Promise<IdeaRecord[]> {
  const store = ctx.opstore;
  if (store === undefined) return [];
  const dayAgo = ctx.now().getTime() - DAY_MS;
  const search = searchFilter(query.q);
  const take = (ideas: IdeaRecord[], room: number) => (search.exact === null ? ideas : ideas.filter(search.exact)).slice(0, room);
  const limit = search.exact === null ? query.limit : undefined;

  const fresh =
    query.launched === 'true'
      ? []
      : take(
          await store.query(ideasCollection, {
            where: [['scoredAt', '>=', dayAgo], ['launchedMint', '=', null], ...search.filter],
            order: [['crewScore', 'DESC'], ['createdAt', 'DESC'], ['id', 'ASC']],
            limit,
          }),
          query.limit,
        );
  const room = query.limit - fresh.length;
  if (room === 0) return fresh;
  // Null sorts below every value in the store, so an unscored idea has `scoredAt < dayAgo`.
  const rest: Filter<IdeaRecord>[] =
    query.launched === 'true'
      ? [['launchedMint', '!=', null]]
      : query.launched === 'false'
        ? [['launchedMint', '=', null], ['scoredAt', '<', dayAgo]]
        : [{ or: [['scoredAt', '<', dayAgo], ['launchedMint', '!=', null]] }];
  const others = await store.query(ideasCollection, {
    where: [...rest, ...search.filter],
    order: [['createdAt', 'DESC'], ['id', 'ASC']],
    limit: limit === undefined ? undefined : room,
  });
  return [...fresh, ...take(others, room)];
}

/** A coin's market cap in lamports: SOL pairs as they are, stablecoin pairs at the latest SOL price. */
function marketCapLamports(row: CoinRow, nowSeconds: number, stablecoin: string, solMicroUsd: bigint | null): string | null {
  const figures = computeFigures(
    {
      createdAtSeconds: Number(row.createdAt),
      route: row.route,
      graduated: row.graduatedAt !== null,
      decimals: Number(row.decimals),
      curveAllotment: row.curveAllotment,
      initialReserveCoin: row.initialReserveCoin,
      lastQuote: row.lastQuote,
      lastCoin: row.lastCoin,
      refQuote: row.refQuote,
      refCoin: row.refCoin,
      volume24h: row.volume24h,
      marketCap: row.marketCap,
      holders: 0,
    },
    nowSeconds,
  );
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

/** `GET /ideas`: links new launches first (a failure there is reported and the stored links are used). */
export async function listIdeas(
  ctx: ApiContext,
  linker: IdeaLinker | null,
  query: IdeasQuery,
  onLinkError: (error: unknown) => void = () => {},
): Promise<IdeasResponse> {
  if (linker !== null) await linker.link().catch(onLinkError);
  const ideas = await boardIdeas(ctx, query);
  const nowSeconds = Math.floor(ctx.now().getTime() / 1000);
  const mints = ideas.flatMap((idea) => (idea.launchedMint === null ? [] : [idea.launchedMint]));
  const rows = new Map((await coinRowsOf(ctx.olap, mints, nowSeconds)).map((row) => [row.mint, row]));
  const stablecoin = ctx.config.mints.stablecoin;
  const needsSolPrice = [...rows.values()].some((row) => row.quoteMint === stablecoin);
  const solMicroUsd = needsSolPrice ? await priceAt(ctx.olap, 'SOL') : null;
  return {
    ideas: ideas.map((idea) => {
      const coin = idea.launchedMint === null ? undefined : rows.get(idea.launchedMint);
      return {
        id: idea.id,
        user: { name: idea.name, ticker: idea.ticker, pitch: idea.pitch, trend: idea.trend, story: idea.story, takes: idea.takes },
        pair: { mint: idea.pairMint, kind: pairKind(idea.pairMint, stablecoin) },
        crewScore: idea.crewScore,
        scoredAt: idea.scoredAt === null ? null : new Date(idea.scoredAt).toISOString(),
        launched:
          coin === undefined
            ? null
            : { mint: coin.mint, venue: coin.route, marketCapLamports: marketCapLamports(coin, nowSeconds, stablecoin, solMicroUsd) },
        createdAt: new Date(idea.createdAt).toISOString(),
        page: `/ideas/${encodeURIComponent(idea.id)}`,
      };
    }),
  };
}
