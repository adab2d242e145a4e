// The seeded traffic simulator: each slot it funds wallets, launches coins, trades (with snipers,
// bundles, wash pairs and bursts), moves coins between wallets and runs the service's keepers.
// Realtime defaults make every kind of activity, a payout round included, appear within two minutes.
import type { Bank } from '../ledger/bank.js';
import type { BalanceHistory } from '../truth/balance-history.js';
import { ActionLog } from './action-log.js';
import { fundWallets } from './activities/funding.js';
import { claimFees, creatorSends, dailyBurn, graduate } from './activities/keepers.js';
import { launchCoin, snipe } from './activities/launches.js';
import { payoutRounds } from './activities/payouts.js';
import { postPrice } from './activities/price-feed.js';
import { pushToGraduation, tradeSlot, washTrades } from './activities/trading.js';
import { transferCoins } from './activities/transfers.js';
import { Rng } from './rng.js';
import { SimContext, type SimProfile } from './sim-context.js';
import { initialState, type SimState } from './sim-state.js';

export interface SimulatorOptions {
  seed: number;
  profile: 'realtime' | 'max';
  /** Override parts of the profile (tests use small numbers). */
  tune?: Partial<SimProfile>;
  /** Saved state (JSON) of a persisted devnet. */
  state?: string | null;
}

/** 400 ms slots: 150 slots a minute. */
export const PROFILES: Record<SimulatorOptions['profile'], SimProfile> = {
  realtime: {
    tradesPerSlot: 1.5,
    launchesPerSlot: 1 / 40,
    initialWallets: 48,
    claimEvery: 50,
    roundEvery: 250,
    firstRoundAt: 170,
    creatorSendEvery: 75,
    priceEvery: 10,
    graduationAt: 120,
    graduationEvery: 1_500,
  },
  max: {
    tradesPerSlot: 60,
    launchesPerSlot: 1 / 8,
    initialWallets: 400,
    claimEvery: 40,
    roundEvery: 200,
    firstRoundAt: 120,
    creatorSendEvery: 60,
    priceEvery: 10,
    graduationAt: 80,
    graduationEvery: 400,
  },
};

/** Small numbers on top of a profile so every kind of activity (graduations and payout rounds included) shows within
 * 140 slots: for tests and benches that step the chain themselves. */
export const QUICK_TUNE = {
  tradesPerSlot: 4,
  launchesPerSlot: 1 / 6,
  initialWallets: 40,
  claimEvery: 20,
  roundEvery: 40,
  firstRoundAt: 60,
  creatorSendEvery: 25,
  priceEvery: 10,
  graduationAt: 30,
  graduationEvery: 60,
} satisfies Partial<SimProfile>;

export class Simulator {
  readonly log = new ActionLog();
  private readonly ctx: SimContext;

  constructor(bank: Bank, truth: BalanceHistory | null, options: SimulatorOptions) {
    const profile = { ...PROFILES[options.profile], ...options.tune };
    const state: SimState = options.state ? (JSON.parse(options.state) as SimState) : initialState(options.seed, new Rng(options.seed).state);
    this.ctx = new SimContext(bank, truth, new Rng(state.rng), state, profile, this.log);
  }

  get state(): SimState {
    return this.ctx.state;
  }

  /** Act for the slot being built (call before the bank seals it). */
  fillSlot(): void {
    const { ctx } = this;
    const { profile } = ctx;
    const t = ctx.state.slotsRun++;
    if (t === 0) fundWallets(ctx, profile.initialWallets);
    else if (ctx.rng.chance(0.05)) fundWallets(ctx, 1);
    if (t === 3 || t === 6 || t === 9 || (t > 9 && ctx.rng.chance(profile.launchesPerSlot))) launchCoin(ctx);
    if (t > 3) {
      if (ctx.rng.chance(0.3)) snipe(ctx);
      tradeSlot(ctx);
      washTrades(ctx);
      if (ctx.rng.chance(0.15)) transferCoins(ctx);
    }
    if (t === profile.graduationAt || (t > profile.graduationAt && (t - profile.graduationAt) % profile.graduationEvery === 0)) pushToGraduation(ctx);
    graduate(ctx);
    if (t > 0 && t % profile.claimEvery === 0) claimFees(ctx);
    if (t >= profile.firstRoundAt && (t - profile.firstRoundAt) % profile.roundEvery === 0) payoutRounds(ctx);
    if (t > 0 && t % profile.creatorSendEvery === 0) creatorSends(ctx);
    if (t % profile.priceEvery === 1) postPrice(ctx);
    if (t >= 20) dailyBurn(ctx);
    ctx.state.rng = ctx.rng.state;
  }

  /** State to persist with the block just sealed. */
  saveState(): string {
    return JSON.stringify(this.ctx.state);
  }
}
