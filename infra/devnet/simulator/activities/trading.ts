// Ordinary trading: Poisson-many trades a slot with bursts, heavy-tailed sizes, recent coins
// favoured, a share of them placed through the service's swap front end (which names the service's
// referral wallet as referrer); wash pairs trading one coin back and forth; a whale pushing a curve to graduation.
import type { Address } from '@solana/kit';
import { NATIVE_MINT_ID } from '../../../../schemas/programs/token-addresses.js';
import { WELL_KNOWN_KEYS } from '../../genesis/well-known-keys.js';
import { Rng } from '../rng.js';
import { solTransfer } from '../token-ops.js';
import { buyInstructions, coinBalance, marketOf, quoteBalance, sellInstructions } from '../market-ops.js';
import type { SimContext } from '../sim-context.js';
import type { SimCoin } from '../sim-state.js';
import { fundStablecoin } from './funding.js';

const LAMPORTS_PER_SOL = 1_000_000_000n;
const MICRO_DOLLARS = 1_000_000n;

/** The wallet the service's swap front end names as referrer: the treasury, the service's own income wallet. */
export const SWAP_REFERRER: Address = WELL_KNOWN_KEYS.treasury.address;
/** Share of ordinary trades placed through the service's swap front end. */
export const FRONT_END_SHARE = 0.2;

/** Each slot's front-end draws come from a stream of their own, seeded by the simulator's seed and the slot,
 * so routing trades through the front end leaves the main stream (and every other activity) as it was, and a
 * resumed devnet draws as an uninterrupted one would. */
const frontEndDraws = new WeakMap<SimContext, { slot: number; rng: Rng }>();

function viaFrontEnd(ctx: SimContext): boolean {
  let draws = frontEndDraws.get(ctx);
  if (draws?.slot !== ctx.slot) {
    const seed = (Math.imul(ctx.state.seed ^ 0x5f3759df, 0x9e3779b1) ^ Math.imul(ctx.slot + 1, 0x85ebca6b)) >>> 0;
    draws = { slot: ctx.slot, rng: new Rng(seed) };
    frontEndDraws.set(ctx, draws);
  }
  return draws.rng.chance(FRONT_END_SHARE);
}

function pickCoin(ctx: SimContext): SimCoin | null {
  const coins = ctx.state.coins;
  if (coins.length === 0) return null;
  const recent = coins.slice(-20);
  return ctx.rng.chance(0.8) ? ctx.rng.pick(recent) : ctx.rng.pick(coins);
}

function buySize(ctx: SimContext, coin: SimCoin, available: bigint): bigint {
  const isSol = coin.quoteMint === NATIVE_MINT_ID;
  const size = isSol ? ctx.rng.amount(LAMPORTS_PER_SOL / 100n, 20n * LAMPORTS_PER_SOL) : ctx.rng.amount(MICRO_DOLLARS, 3_000n * MICRO_DOLLARS);
  const cap = available / 2n;
  return size < cap ? size : cap;
}

export function trade(ctx: SimContext, coin: SimCoin | null = pickCoin(ctx), walletIndex = ctx.randomWallet()): void {
  if (!coin) return;
  const wallet = ctx.wallet(walletIndex);
  const referrer = viaFrontEnd(ctx) ? SWAP_REFERRER : undefined;
  const via = referrer ? { referrer } : {};
  const holding = coinBalance(ctx.bank, coin, wallet.address);
  if (holding > 0n && ctx.rng.chance(0.4)) {
    const amount = ctx.rng.chance(0.3) ? holding : (holding * BigInt(ctx.rng.int(5, 95))) / 100n;
    const instructions = sellInstructions(ctx.bank, coin, wallet.address, amount, referrer);
    if (instructions) ctx.send('sell', wallet, instructions, [], { mint: coin.mint, wallet: wallet.address, coinAmount: amount.toString(), ...via });
    return;
  }
  let available = quoteBalance(ctx.bank, coin.quoteMint, wallet.address);
  if (coin.quoteMint !== NATIVE_MINT_ID && available < MICRO_DOLLARS) {
    fundStablecoin(ctx, walletIndex, ctx.rng.amount(100n * MICRO_DOLLARS, 20_000n * MICRO_DOLLARS));
    available = quoteBalance(ctx.bank, coin.quoteMint, wallet.address);
  }
  const quoteIn = buySize(ctx, coin, available);
  if (quoteIn <= 0n) return;
  const buy = buyInstructions(ctx.bank, coin, wallet.address, quoteIn, referrer);
  if (buy) ctx.send('buy', wallet, buy.instructions, [], { mint: coin.mint, wallet: wallet.address, quoteIn: quoteIn.toString(), ...via });
}

/** The slot's ordinary trades: Poisson around the profile's mean, sometimes a burst. */
export function tradeSlot(ctx: SimContext): void {
  const burst = ctx.rng.chance(ctx.profile.burstChance ?? 0.03) ? 10 : 1;
  const count = ctx.rng.poisson(ctx.profile.tradesPerSlot * burst);
  for (let i = 0; i < count; i++) trade(ctx);
}

/** Wash pairs: one buys, the other sells, the same coin. */
export function washTrades(ctx: SimContext): void {
  for (const coin of ctx.state.coins) {
    if (coin.washers.length < 2 || !ctx.rng.chance(0.2)) continue;
    const [a, b] = coin.washers as [number, number];
    const buyer = ctx.wallet(a);
    const seller = ctx.wallet(b);
    const size = coin.quoteMint === NATIVE_MINT_ID ? LAMPORTS_PER_SOL / 2n : 50n * MICRO_DOLLARS;
    const buy = buyInstructions(ctx.bank, coin, buyer.address, size);
    if (buy) ctx.send('wash', buyer, buy.instructions, [], { mint: coin.mint, wallet: buyer.address, side: 'buy', quoteIn: size.toString() });
    const held = coinBalance(ctx.bank, coin, seller.address);
    const sell = held > 0n ? sellInstructions(ctx.bank, coin, seller.address, held) : null;
    if (sell) ctx.send('wash', seller, sell, [], { mint: coin.mint, wallet: seller.address, side: 'sell', coinAmount: held.toString() });
    coin.washers = [b, a];
  }
}

/** A whale buys out the oldest open SOL curve, completing it. */
export function pushToGraduation(ctx: SimContext): void {
  const target = ctx.state.coins.find(
    (c) => c.route === 'launchpad' && !c.graduated && c.quoteMint === NATIVE_MINT_ID && marketOf(ctx.bank, c)?.venue === 'curve',
  );
  if (!target) return;
  const whale = ctx.wallet(ctx.randomWallet());
  const needed = 120n * LAMPORTS_PER_SOL;
  if (ctx.lamports(whale.address) < needed + LAMPORTS_PER_SOL) {
    const faucet = WELL_KNOWN_KEYS.faucet;
    ctx.send('fund', faucet, [solTransfer(faucet.address, whale.address, needed + 2n * LAMPORTS_PER_SOL)], [], { wallet: whale.address, whale: true });
  }
  const buy = buyInstructions(ctx.bank, target, whale.address, needed);
  if (buy) ctx.send('buy', whale, buy.instructions, [], { mint: target.mint, wallet: whale.address, quoteIn: needed.toString(), whale: true });
}
