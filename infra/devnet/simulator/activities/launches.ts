// Coin launches on both routes, with the patterns health signals look for: a first buy by the
// creator, snipers right after launch, bundles (several wallets buying in the launch slot).
import type { Address, Instruction } from '@solana/kit';
import { HOOK_ANTI_SNIPER } from '../../../../schemas/programs/coin-rules.js';
import { createCoinInstruction, lockFeeSplitInstruction } from '../../../../schemas/programs/launchpad/builders.js';
import { createPoolInstruction } from '../../../../schemas/programs/pool-venue/builders.js';
import { NATIVE_MINT_ID } from '../../../../schemas/programs/token-addresses.js';
import { WELL_KNOWN_KEYS } from '../../genesis/well-known-keys.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../runtime/well-known.js';
import { buyInstructions, LAUNCHPAD, POOL_VENUE } from '../market-ops.js';
import type { SimContext } from '../sim-context.js';
import type { SimCoin } from '../sim-state.js';
import { IDEA_EVERY, IDEA_OFFSET, SEEDED_IDEAS } from '../seeded-ideas.js';

const WORDS = ['Moon', 'Frog', 'Pepe', 'Rocket', 'Cat', 'Doge', 'Laser', 'Turbo', 'Based', 'Giga', 'Mochi', 'Neon', 'Solar', 'Pixel', 'Yeti', 'Otter'];
const LAMPORTS_PER_SOL = 1_000_000_000n;

/** A made-up name of two words, or for every IDEA_EVERY-th launch a seeded idea's name and ticker (the words are drawn
 * either way, so the draws that follow are the same). */
function coinName(ctx: SimContext, launch: number): { name: string; symbol: string } {
  const a = ctx.rng.pick(WORDS);
  const b = ctx.rng.pick(WORDS);
  if (launch % IDEA_EVERY === IDEA_OFFSET) {
    const idea = SEEDED_IDEAS[Math.floor(launch / IDEA_EVERY) % SEEDED_IDEAS.length]!;
    return { name: idea.name, symbol: idea.ticker };
  }
  return { name: `${a} ${b}`, symbol: `${a.slice(0, 2)}${b.slice(0, 3)}`.toUpperCase() };
}

function basketFor(ctx: SimContext): { mint: Address; weightBps: number }[] {
  const mints = WELL_KNOWN_KEYS.basketMints.map((k) => k.address);
  const count = ctx.rng.int(1, 3);
  const chosen = mints.slice(0, count);
  const weights = chosen.map(() => Math.floor(10_000 / count));
  weights[0]! += 10_000 - weights.reduce((a, b) => a + b, 0);
  return chosen.map((mint, i) => ({ mint, weightBps: weights[i]! }));
}

/** The first launches of a run are fixed so every pattern shows early: a holder coin paid in a
 * basket and bundled at launch, a holder coin paid in SOL that a wash pair trades, a creator coin. */
const OPENING_LAUNCHES = [
  { route: 'launchpad', mode: 'holder', holdersPaid: 'basket', bundle: true, wash: false },
  { route: 'pool-venue', mode: 'holder', holdersPaid: 'pair', bundle: false, wash: true },
  { route: 'launchpad', mode: 'creator', holdersPaid: 'pair', bundle: false, wash: false },
] as const;

/** Launch one coin on a random route; returns it once landed. */
export function launchCoin(ctx: SimContext): SimCoin | null {
  if (ctx.state.wallets < 4) return null;
  const opening = OPENING_LAUNCHES[ctx.state.mints];
  const creatorIndex = ctx.randomWallet();
  const creator = ctx.wallet(creatorIndex);
  const launch = ctx.state.mints++;
  const mintKey = ctx.mintKey(launch);
  const route = opening?.route ?? (ctx.rng.chance(0.5) ? 'launchpad' : 'pool-venue');
  const stable = !opening && route === 'launchpad' && ctx.rng.chance(0.2);
  const quoteMint = stable ? WELL_KNOWN_KEYS.stablecoinMint.address : NATIVE_MINT_ID;
  const mode = opening?.mode ?? (ctx.rng.chance(0.6) ? 'holder' : 'creator');
  const holdersPaid = opening?.holdersPaid ?? (mode === 'holder' && !stable && ctx.rng.chance(0.5) ? 'basket' : 'pair');
  const basket = holdersPaid === 'basket' ? basketFor(ctx) : [];
  const hooks = !opening && !stable && ctx.rng.chance(0.25) ? HOOK_ANTI_SNIPER : 0;
  const feeBps = ctx.rng.pick([100, 150, 200, 300]);
  const { name, symbol } = coinName(ctx, launch);
  const uri = `https://launchtape.example/meta/${mintKey.address}.json`;
  const tokenProgram = hooks ? TOKEN_2022_PROGRAM : TOKEN_PROGRAM;
  const coin: SimCoin = {
    mint: mintKey.address,
    route,
    quoteMint,
    mode,
    holdersPaid,
    basket,
    recipients: [],
    hooks: hooks ? ['anti-sniper'] : [],
    tokenProgram,
    creator: creatorIndex,
    launchSlot: ctx.slot,
    graduated: false,
    pot: '0',
    owed: {},
    round: 0,
    baselineSlot: null,
    creatorEarned: '0',
    creatorSent: '0',
    washers: [],
  };
  let landed;
  if (route === 'launchpad') {
    const sponsored = !stable && ctx.rng.chance(0.2);
    const payer = sponsored ? WELL_KNOWN_KEYS.sponsor : creator;
    const create = createCoinInstruction({
      programId: LAUNCHPAD,
      payer: payer.address,
      creator: creator.address,
      mint: mintKey.address,
      quoteMint,
      quoteTokenProgram: TOKEN_PROGRAM,
      args: { name, symbol, uri, mode, holdersPaid, basket, feeBps, hooks },
    });
    landed = ctx.send('launch', payer, [create], [creator, mintKey], { route, mint: mintKey.address, sponsored, stable });
    if (landed?.meta.err !== null) return null;
    // SPL-quoted splits pay token accounts, which a random referrer may not have: SOL pairs only.
    const referrer = !stable && ctx.rng.chance(0.3) ? ctx.wallet(ctx.randomWallet()).address : null;
    ctx.send('lock-split', creator, [lockFeeSplitInstruction({ programId: LAUNCHPAD, creator: creator.address, mint: mintKey.address, referrer })], [], {
      mint: mintKey.address,
      referrer,
    });
  } else {
    if (mode === 'creator' && ctx.rng.chance(0.5)) {
      const partner = ctx.wallet(ctx.randomWallet()).address;
      coin.recipients =
        partner === creator.address
          ? []
          : [
              { wallet: creator.address, bps: 7_000 },
              { wallet: partner, bps: 3_000 },
            ];
    }
    const buyBps = ctx.rng.chance(0.5) ? (hooks ? ctx.rng.int(10, 90) : ctx.rng.int(50, 500)) : 0;
    const create = createPoolInstruction({
      programId: POOL_VENUE,
      payer: creator.address,
      creator: creator.address,
      mint: mintKey.address,
      args: { name, symbol, uri, mode, feeBps, basket, recipients: coin.recipients, buyBps, maxQuoteIn: 100n * LAMPORTS_PER_SOL, hooks },
    });
    landed = ctx.send('launch', creator, [create], [mintKey], { route, mint: mintKey.address, buyBps });
    if (landed?.meta.err !== null) return null;
  }
  ctx.state.coins.push(coin);
  if (route === 'launchpad' && !stable && ctx.rng.chance(0.5)) {
    // The creator's first buy, right after creation.
    creatorFirstBuy(ctx, coin, hooks !== 0);
  }
  if (opening ? opening.bundle : !stable && ctx.rng.chance(0.15)) bundle(ctx, coin);
  if (opening ? opening.wash : ctx.rng.chance(0.15)) coin.washers = [ctx.randomWallet(), ctx.randomWallet()];
  return coin;
}

function creatorFirstBuy(ctx: SimContext, coin: SimCoin, limited: boolean): void {
  const creator = ctx.wallet(coin.creator);
  const sol = limited ? LAMPORTS_PER_SOL / 5n : ctx.rng.amount(LAMPORTS_PER_SOL / 2n, 3n * LAMPORTS_PER_SOL);
  const buy = buyInstructions(ctx.bank, coin, creator.address, sol);
  if (buy) ctx.send('buy', creator, buy.instructions, [], { mint: coin.mint, wallet: creator.address, firstBuy: true, quoteIn: sol.toString() });
}

/** Several wallets buying in the launch slot: a bundle. */
function bundle(ctx: SimContext, coin: SimCoin): void {
  const count = ctx.rng.int(3, 5);
  for (let i = 0; i < count; i++) {
    const wallet = ctx.wallet(ctx.randomWallet());
    const sol = ctx.rng.amount(LAMPORTS_PER_SOL / 2n, 2n * LAMPORTS_PER_SOL);
    const buy = buyInstructions(ctx.bank, coin, wallet.address, sol);
    if (buy) ctx.send('bundle-buy', wallet, buy.instructions as Instruction[], [], { mint: coin.mint, wallet: wallet.address, quoteIn: sol.toString() });
  }
}

/** A sniper buys a large share of a coin launched in the last few slots. */
export function snipe(ctx: SimContext): void {
  const recent = ctx.state.coins.filter((c) => ctx.slot - c.launchSlot <= 3 && c.quoteMint === NATIVE_MINT_ID);
  if (recent.length === 0) return;
  const coin = ctx.rng.pick(recent);
  const sniper = ctx.wallet(ctx.randomWallet());
  const sol = ctx.rng.amount(3n * LAMPORTS_PER_SOL, 8n * LAMPORTS_PER_SOL);
  const buy = buyInstructions(ctx.bank, coin, sniper.address, sol);
  if (buy) ctx.send('snipe', sniper, buy.instructions, [], { mint: coin.mint, wallet: sniper.address, quoteIn: sol.toString(), hooked: coin.hooks.length > 0 });
}
