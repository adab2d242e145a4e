// The market figures of a coin summary, from the latest trade's reserves, a reference trade 24 hours back and
// the 24-hour volume (api/queries/coins.ts). Spot price = quote reserve / coin reserve (virtual reserves on a
// curve), in quote tokens per whole coin (schemas/api/price.ts). A coin younger than FIGURES_PENDING_SECONDS has
// `figuresPending` and null figures (spec 3.4).
import { SOL_CURVE } from '../schemas/programs/launchpad/constants.js';
import { bondingProgressBps } from '../schemas/programs/curve-math.js';
import { bpsToPercent, formatPrice } from './decimal.js';
import type { CoinRow } from './queries/coin-sql.js';

/** How long after launch the figures read null. */
export const FIGURES_PENDING_SECONDS = 60;

/** What the figures are computed from; amounts are raw-unit decimal strings. */
export interface FigureInputs {
  createdAtSeconds: number;
  route: string;
  graduated: boolean;
  decimals: number;
  /** Decimals of the coin's quote token: a price is in whole quote tokens. */
  quoteDecimals: number;
  /** The curve's allotment and starting virtual coin reserve when the launch recorded them. */
  curveAllotment: string | null;
  initialReserveCoin: string | null;
  lastQuote: string;
  lastCoin: string;
  refQuote: string;
  refCoin: string;
  volume24h: string;
  marketCap: string | null;
  holders: number;
}

export interface Figures {
  figuresPending: boolean;
  price: string | null;
  marketCap: string | null;
  volume24h: string | null;
  change24hPct: string | null;
  holders: number | null;
  bondingProgressPct: string | null;
}

const PENDING: Figures = {
  figuresPending: true,
  price: null,
  marketCap: null,
  volume24h: null,
  change24hPct: null,
  holders: null,
  bondingProgressPct: null,
};

/** Change from the reference spot price to the latest, in bps, truncated toward zero. */
function changeBps(input: FigureInputs): bigint | null {
  const last = BigInt(input.lastQuote) * BigInt(input.refCoin);
  const ref = BigInt(input.refQuote) * BigInt(input.lastCoin);
  if (ref === 0n) return null;
  return ((last - ref) * 10_000n) / ref;
}

/** Share of the curve sold: (starting virtual coin reserve - coin reserve now) / allotment. Without recorded
 * curve facts, the launchpad's listed curves' token side applies (every listed quote starts from the same
 * virtual coin reserve and allotment, schemas/programs/launchpad/constants.ts). */
function progressBps(input: FigureInputs): number | null {
  if (input.route !== 'launchpad') return null;
  if (input.graduated) return 10_000;
  const lastCoin = BigInt(input.lastCoin);
  if (lastCoin === 0n) return 0;
  const allotment = BigInt(input.curveAllotment ?? SOL_CURVE.curveAllotment);
  const start = BigInt(input.initialReserveCoin ?? SOL_CURVE.initialVirtualToken);
  const remaining = lastCoin - (start - allotment);
  return Math.min(10_000, Math.max(0, bondingProgressBps(allotment, remaining)));
}

/** Whether a coin's figures read null at `nowSeconds`: its first FIGURES_PENDING_SECONDS (`createdAt` in seconds). */
export function figuresPending(coin: { createdAt: string | number }, nowSeconds: number): boolean {
  return nowSeconds - Number(coin.createdAt) < FIGURES_PENDING_SECONDS;
}

export function computeFigures(input: FigureInputs, nowSeconds: number): Figures {
  if (nowSeconds - input.createdAtSeconds < FIGURES_PENDING_SECONDS) return PENDING;
  const traded = BigInt(input.lastCoin) > 0n;
  const change = traded ? changeBps(input) : null;
  const progress = progressBps(input);
  return {
    figuresPending: false,
    price: traded ? formatPrice(BigInt(input.lastQuote), BigInt(input.lastCoin), input) : null,
    marketCap: traded ? input.marketCap : null,
    volume24h: input.volume24h,
    change24hPct: change === null ? null : bpsToPercent(change),
    holders: input.holders,
    bondingProgressPct: progress === null ? null : bpsToPercent(BigInt(progress)),
  };
}

/** The figures of a coin row (api/queries/coin-sql.ts) with its holder count. */
export function coinFigures(row: CoinRow, holders: number, nowSeconds: number): Figures {
  return computeFigures(
    {
      createdAtSeconds: Number(row.createdAt),
      route: row.route,
      graduated: row.graduatedAt !== null,
      decimals: Number(row.decimals),
      quoteDecimals: Number(row.quoteDecimals),
      curveAllotment: row.curveAllotment,
      initialReserveCoin: row.initialReserveCoin,
      lastQuote: row.lastQuote,
      lastCoin: row.lastCoin,
      refQuote: row.refQuote,
      refCoin: row.refCoin,
      volume24h: row.volume24h,
      marketCap: row.marketCap,
      holders,
    },
    nowSeconds,
  );
}
