// Exact bigint math of the launchpad's bonding curves and the pool venue's constant-product pools,
// shared by the devnet programs (to execute), the launch routes (to quote) and the projections.
// Reserves are the effective ones (virtual + real quote, tokens). Every rounding favours the
// reserves, so k = quote * token never decreases; fees round up, the referral share rounds down.

export const BPS_DENOMINATOR = 10_000n;

/** Reserves a price is taken from: quote and token raw units (virtual reserves on a curve). */
export interface Reserves {
  quote: bigint;
  token: bigint;
}

export interface BuyQuote {
  /** Tokens out, raw units. */
  tokens: bigint;
  /** Quote that enters the reserves, raw units (excluding the fee). */
  cost: bigint;
  /** Fee on top of `cost`, raw quote units. */
  fee: bigint;
  /** What the buyer pays: cost + fee. */
  total: bigint;
  after: Reserves;
}

export interface SellQuote {
  tokens: bigint;
  /** Quote that leaves the reserves, raw units. */
  proceeds: bigint;
  /** Fee taken from `proceeds`. */
  fee: bigint;
  /** What the seller receives: proceeds - fee. */
  net: bigint;
  after: Reserves;
}

export function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('division by a non-positive number');
  if (numerator <= 0n) return 0n;
  return (numerator + denominator - 1n) / denominator;
}

/** A fee of `feeBps` on an amount, rounded up. */
export function feeOn(amount: bigint, feeBps: number): bigint {
  return ceilDiv(amount * BigInt(feeBps), BPS_DENOMINATOR);
}

/** The referrer's part of a fee (`referralBps` of the fee), rounded down. */
export function referralShare(fee: bigint, referralBps: number): bigint {
  return (fee * BigInt(referralBps)) / BPS_DENOMINATOR;
}

function checkReserves(r: Reserves): void {
  if (r.quote <= 0n || r.token <= 0n) throw new RangeError('reserves must be positive');
}

/** Buy exactly `tokens` out: cost = ceil(q*t/(T-t)), fee = ceil(cost*feeBps/10000). */
export function buyExactOut(r: Reserves, tokens: bigint, feeBps: number): BuyQuote {
  checkReserves(r);
  if (tokens < 0n || tokens >= r.token) throw new RangeError('tokens out must be below the token reserve');
  const cost = ceilDiv(r.quote * tokens, r.token - tokens);
  const fee = feeOn(cost, feeBps);
  return { tokens, cost, fee, total: cost + fee, after: { quote: r.quote + cost, token: r.token - tokens } };
}

/** Spend exactly `quoteIn` (fee included): net = floor(quoteIn*10000/(10000+feeBps)), fee = the rest,
 * tokens = floor(T*net/(q+net)). The fee is never below feeOn(net) and the tokens never cost more
 * than `net` bought exact-out, so this is the floor inverse of buyExactOut. */
export function buyExactIn(r: Reserves, quoteIn: bigint, feeBps: number): BuyQuote {
  checkReserves(r);
  if (quoteIn < 0n) throw new RangeError('quote in must not be negative');
  const cost = (quoteIn * BPS_DENOMINATOR) / (BPS_DENOMINATOR + BigInt(feeBps));
  const tokens = (r.token * cost) / (r.quote + cost);
  return { tokens, cost, fee: quoteIn - cost, total: quoteIn, after: { quote: r.quote + cost, token: r.token - tokens } };
}

/** Sell exactly `tokens` in: proceeds = floor(q*t/(T+t)), fee = ceil(proceeds*feeBps/10000). */
export function sellExactIn(r: Reserves, tokens: bigint, feeBps: number): SellQuote {
  checkReserves(r);
  if (tokens < 0n) throw new RangeError('tokens in must not be negative');
  const proceeds = (r.quote * tokens) / (r.token + tokens);
  const fee = feeOn(proceeds, feeBps);
  return { tokens, proceeds, fee, net: proceeds - fee, after: { quote: r.quote - proceeds, token: r.token + tokens } };
}

/** Tokens a buyer gets for spending `quoteIn` in total (fee included): the launch routes' buy quote. */
export function tokensForQuote(r: Reserves, quoteIn: bigint, feeBps: number): bigint {
  return buyExactIn(r, quoteIn, feeBps).tokens;
}

/** Market cap in raw quote units: supply at the spot price quote/token, rounded down. */
export function marketCap(r: Reserves, totalSupply: bigint): bigint {
  checkReserves(r);
  return (r.quote * totalSupply) / r.token;
}

/** Spot price in quote raw units per whole coin (10^decimals raw units), rounded down. */
export function pricePerWholeCoin(r: Reserves, coinDecimals: number): bigint {
  checkReserves(r);
  return (r.quote * 10n ** BigInt(coinDecimals)) / r.token;
}

/** Share of a curve's allotment sold, in bps (10000 = complete), rounded down. */
export function bondingProgressBps(curveAllotment: bigint, remaining: bigint): number {
  if (curveAllotment <= 0n) return 0;
  const sold = curveAllotment - (remaining < 0n ? 0n : remaining);
  return Number((sold * BPS_DENOMINATOR) / curveAllotment);
}

/** Quote a fresh curve raises when its whole allotment is bought at once: the graduation threshold
 * in quote terms (a curve completed in many trades raises at least this, by rounding up). */
export function graduationQuote(initial: Reserves, curveAllotment: bigint): bigint {
  return buyExactOut(initial, curveAllotment, 0).cost;
}
