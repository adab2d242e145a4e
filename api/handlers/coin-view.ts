// Coin rows (api/queries/coins.ts) into the API's coin summary and coin in full. Creator-written text goes
// only under `user`; times become ISO strings; figures come from api/figures.ts. Summaries of kept board rows are
// kept with them, so a page of the list made again from unchanged rows is made of the same objects.
import type { CoinFull } from '../../schemas/api/coin-full.js';
import type { CoinSummary } from '../../schemas/api/coins.js';
import { isoFromSeconds } from '../../schemas/api/fields.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import type { ApiConfig } from '../deps.js';
import type { LaunchText } from '../launch/launch-text.js';
import { coinFigures, figuresPending } from '../figures.js';
import type { CoinRow } from '../queries/coin-sql.js';

/** The summary last made of each row object, with what else it was made from. */
const summaries = new WeakMap<CoinRow, { holders: number; pending: boolean; summary: CoinSummary }>();

/** The coin's summary, the same object as last time while the row object, its holder count and whether its figures
 * are pending are the same (board rows are kept objects: coin-board.ts). */
export function keptCoinSummary(row: CoinRow, holders: number, nowSeconds: number): CoinSummary {
  const pending = figuresPending(row, nowSeconds);
  const kept = summaries.get(row);
  if (kept !== undefined && kept.holders === holders && kept.pending === pending) return kept.summary;
  const summary = coinSummary(row, holders, nowSeconds);
  summaries.set(row, { holders, pending, summary });
  return summary;
}

export function coinSummary(row: CoinRow, holders: number, nowSeconds: number): CoinSummary {
  const figures = coinFigures(row, holders, nowSeconds);
  return {
    mint: row.mint,
    user: { name: row.name, symbol: row.symbol },
    mode: row.mode,
    graduated: row.graduatedAt !== null,
    createdAt: isoFromSeconds(Number(row.createdAt)),
    quote: { mint: row.quoteMint, decimals: Number(row.quoteDecimals) },
    ...figures,
  };
}

function pairKind(quoteMint: string, config: ApiConfig): CoinFull['pair']['kind'] {
  if (quoteMint === NATIVE_MINT_ID) return 'sol';
  return quoteMint === config.mints.stablecoin ? 'stablecoin' : 'token';
}

function pools(row: CoinRow): CoinFull['pools'] {
  const graduated = row.graduatedPool !== null;
  const list: CoinFull['pools'] = [];
  if (row.curve !== null) list.push({ kind: 'curve', address: row.curve, active: !graduated });
  if (row.pool !== null) list.push({ kind: 'pool', address: row.pool, active: !graduated });
  if (row.graduatedPool !== null) list.push({ kind: 'locked-pool', address: row.graduatedPool, active: true });
  return list;
}

export function coinFull(row: CoinRow, holders: number, nowSeconds: number, config: ApiConfig, launchText: LaunchText | null = null): CoinFull {
  const summary = coinSummary(row, holders, nowSeconds);
  return {
    ...summary,
    user: {
      ...summary.user,
      description: launchText?.description ?? null,
      socials: launchText?.socials ?? { x: null, telegram: null, website: null },
      uri: row.uri,
    },
    venue: row.route,
    creator: { wallet: row.creator },
    pools: pools(row),
    holdersPaid: row.holdersPaid,
    basket: row.basketMints.map((mint, i) => ({ mint, weight: Number(row.basketWeightsBps[i] ?? 0) })),
    creatorSplit: row.creatorRecipientWallets.map((wallet, i) => ({ wallet, pct: Number(row.creatorRecipientBps[i] ?? 0) / 100 })),
    fee: { bps: Number(row.feeBps) },
    pair: { mint: row.quoteMint, kind: pairKind(row.quoteMint, config) },
    hooks: row.hooks,
    token: row.tokenProgram,
    decimals: Number(row.decimals),
    supply: row.totalSupply,
    graduation: row.graduatedAt === null || row.graduatedPool === null ? null : { time: isoFromSeconds(Number(row.graduatedAt)), pool: row.graduatedPool },
  };
}
