// The coin summary figures (spec 2.2 / 3.4), computed from the read-model tables at query time, exact in raw
// units: market cap (quote raw units: supply at the spot price after the latest trade, or at the initial
// reserves before any), 24h volume (quote raw units, fee excluded), 24h change (bps of the spot price 24h ago,
// or of the initial spot price for a younger coin), holders (owners with a positive balance, leaving out the
// coin's curve and pools and the wallets the caller excludes), bonding progress (bps of the curve allotment
// sold; 10000 once graduated; null on the pool-venue route or without the curve facts). Market cap and
// progress are the latest state; `now` bounds the 24h window. `figuresPending` is the caller's: a minute
// after launchTime.
import type { Olap } from '../../infra/olap/olap.js';

export type CoinFiguresRow = {
  mint: string;
  launchTime: string;
  graduated: boolean;
  marketCap: string | null;
  volume24h: string;
  change24hBps: string | null;
  holders: string;
  bondingProgressBps: string | null;
};

export interface CoinFiguresQuery {
  /** Coins to compute; empty means every coin (to sort the list by volume or market cap). */
  mints: readonly string[];
  /** The moment "24h" ends at, 'YYYY-MM-DD HH:MM:SS.mmm' UTC. */
  now: string;
  /** Owners never counted as holders: the service's wallets (config.wallets). */
  excludedOwners: readonly string[];
}

export const COIN_FIGURES_SQL = `
WITH
  wanted AS (SELECT * FROM coins FINAL WHERE length({mints:Array(String)}) = 0 OR mint IN {mints:Array(String)}),
  markets AS (SELECT * FROM coin_markets FINAL WHERE mint IN (SELECT mint FROM wanted)),
  graduations AS (SELECT mint, pool FROM coin_graduations FINAL WHERE mint IN (SELECT mint FROM wanted)),
  venues AS (
    SELECT mint, arrayJoin(arrayFilter(x -> x != '', [ifNull(curve, ''), ifNull(pool, '')])) AS owner FROM wanted
    UNION ALL SELECT mint, pool AS owner FROM graduations
    UNION ALL SELECT mint, market AS owner FROM markets),
  volumes AS (
    SELECT mint, sum(quoteAmount) AS volume FROM trades FINAL
    WHERE mint IN (SELECT mint FROM wanted) AND time > {now:DateTime64(3, 'UTC')} - INTERVAL 1 DAY AND time <= {now:DateTime64(3, 'UTC')}
    GROUP BY mint),
  day_ago AS (
    SELECT mint, argMax(spotPrice, (slot, logOffset)) AS price FROM trades FINAL
    WHERE mint IN (SELECT mint FROM wanted) AND time <= {now:DateTime64(3, 'UTC')} - INTERVAL 1 DAY
    GROUP BY mint),
  holders AS (
    SELECT mint, count() AS holders FROM (
      SELECT mint, owner, sum(balance) AS held FROM balances FINAL
      WHERE mint IN (SELECT mint FROM wanted) AND owner NOT IN {excluded:Array(String)}
        AND (mint, owner) NOT IN (SELECT mint, owner FROM venues)
      GROUP BY mint, owner HAVING held > 0)
    GROUP BY mint)
SELECT mint, launchTime, graduated, marketCap, volume24h, change24hBps, holders, bondingProgressBps FROM (
SELECT
  c.mint AS mint,
  toString(c.launchTime) AS launchTime,
  -- the 24h change is measured from the spot price a day ago, else from the initial spot price
  coalesce(d.price, if(c.initialReserveCoin > 0, intDiv(toUInt256(c.initialReserveQuote) * 1000000, c.initialReserveCoin), NULL)) AS reference,
  CAST(g.mint IS NOT NULL, 'Bool') AS graduated,
  toString(multiIf(
    m.mint IS NOT NULL AND m.reserveCoin > 0, intDiv(toUInt256(m.reserveQuote) * c.totalSupply, m.reserveCoin),
    c.initialReserveCoin > 0, intDiv(toUInt256(c.initialReserveQuote) * c.totalSupply, c.initialReserveCoin),
    NULL)) AS marketCap,
  toString(ifNull(v.volume, 0)) AS volume24h,
  toString(if(reference > 0 AND m.mint IS NOT NULL,
    intDiv((toInt256(m.spotPrice) - toInt256(reference)) * 10000, toInt256(reference)), NULL)) AS change24hBps,
  toString(ifNull(h.holders, 0)) AS holders,
  toString(multiIf(
    c.route != 'launchpad', NULL,
    g.mint IS NOT NULL, 10000,
    c.curveAllotment IS NULL OR c.initialReserveCoin IS NULL OR c.curveAllotment = 0, NULL,
    m.mint IS NULL OR m.venue != 'curve', 0,
    least(10000, intDiv(toUInt256(greatest(toInt256(c.initialReserveCoin) - toInt256(m.reserveCoin), 0)) * 10000, c.curveAllotment)))) AS bondingProgressBps
FROM wanted AS c
LEFT JOIN markets AS m ON m.mint = c.mint
LEFT JOIN graduations AS g ON g.mint = c.mint
LEFT JOIN volumes AS v ON v.mint = c.mint
LEFT JOIN day_ago AS d ON d.mint = c.mint
LEFT JOIN holders AS h ON h.mint = c.mint
) ORDER BY mint
SETTINGS join_use_nulls = 1`;

export function queryCoinFigures(olap: Olap, query: CoinFiguresQuery): Promise<CoinFiguresRow[]> {
  return olap.query<CoinFiguresRow>(COIN_FIGURES_SQL, {
    mints: [...query.mints],
    now: query.now,
    excluded: [...query.excludedOwners],
  });
}
