// The market figures of a coin summary at a second, from a coin board row (api/views/coin-board.ts): the latest
// trade's reserves, a reference trade 24 hours back and the 24-hour volume. Spot price = quote reserve / coin reserve
// (virtual reserves on a curve), in quote tokens per whole coin (schemas/api/price.ts). A coin younger than
// FIGURES_PENDING_SECONDS has `figuresPending` and null figures (spec 3.4). Market cap and volume in lamports value a
// stablecoin coin at the SOL price; a coin of another pair, or without a price, has none.
import { SOL_CURVE } from '../schemas/programs/launchpad/constants.js';
import { bondingProgressBps } from '../schemas/programs/curve-math.js';
import { bpsToPercent, formatPrice } from './decimal.js';
import type { BoardRow } from './views/coin-board.js';

/** How long after launch the figures read null. */
export const FIGURES_PENDING_SECONDS = 60;

export interface Figures {
  figuresPending: boolean;
  price: string | null;
  marketCap: string | null;
  marketCapLamports: string | null;
  volume24h: string | null;
  volume24hLamports: string | null;
  change24hPct: string | null;
  holders: number | null;
  bondingProgressPct: string | null;
}

const PENDING: Figures = {
  figuresPending: true,
  price: null,
  marketCap: null,
  marketCapLamports: null,
  volume24h: null,
  volume24hLamports: null,
  change24hPct: null,
  holders: null,
  bondingProgressPct: null,
};

/** Lamports of a raw quote amount of the row's quote token; null when it has no lamport value. */
export type InLamports = (row: BoardRow, amount: string | null) => bigint | null;

/** Change from the reference spot price to the latest, in bps, truncated toward zero. */
function changeBps(row: BoardRow): bigint | null {
  const last = BigInt(row.lastQuote) * BigInt(row.refCoin);
  const ref = BigInt(row.refQuote) * BigInt(row.lastCoin);
  if (ref === 0n) return null;
  return ((last - ref) * 10_000n) / ref;
}

/** Share of the curve sold: (starting virtual coin reserve - coin reserve now) / allotment. Without recorded
 * curve facts, the launchpad's listed curves' token side applies (every listed quote starts from the same
 * virtual coin reserve and allotment, schemas/programs/launchpad/constants.ts). */
function progressBps(row: BoardRow): number | null {
  if (row.route !== 'launchpad') return null;
  if (row.graduatedAt !== null) return 10_000;
  const lastCoin = BigInt(row.lastCoin);
  if (lastCoin === 0n) return 0;
  const allotment = BigInt(row.curveAllotment ?? SOL_CURVE.curveAllotment);
  const start = BigInt(row.initialReserveCoin ?? SOL_CURVE.initialVirtualToken);
  const remaining = lastCoin - (start - allotment);
  return Math.min(10_000, Math.max(0, bondingProgressBps(allotment, remaining)));
}

/** Whether a coin's figures read null at `nowSeconds`: its first FIGURES_PENDING_SECONDS. */
export function figuresPending(row: Pick<BoardRow, 'createdAt'>, nowSeconds: number): boolean {
  return nowSeconds - row.createdAt < FIGURES_PENDING_SECONDS;
}

export function coinFigures(row: BoardRow, nowSeconds: number, inLamports: InLamports): Figures {
  if (figuresPending(row, nowSeconds)) return PENDING;
  const traded = BigInt(row.lastCoin) > 0n;
  const change = traded ? changeBps(row) : null;
  const progress = progressBps(row);
  const marketCap = traded ? row.marketCap : null;
  const lamports = (amount: string | null) => inLamports(row, amount)?.toString() ?? null;
  return {
    figuresPending: false,
    price: traded ? formatPrice(BigInt(row.lastQuote), BigInt(row.lastCoin), row) : null,
    marketCap,
    marketCapLamports: lamports(marketCap),
    volume24h: row.volume24h,
    volume24hLamports: lamports(row.volume24h),
    change24hPct: change === null ? null : bpsToPercent(change),
    holders: row.holders,
    bondingProgressPct: progress === null ? null : bpsToPercent(BigInt(progress)),
  };
}
