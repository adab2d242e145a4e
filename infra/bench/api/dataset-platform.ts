// The service-wide facts of the API bench's history, in time order: a SOL/USD price posted every five minutes,
// the funds' lamport balances hourly (the removed flywheel fund draining to a small leftover), two platform-token
// burns a day, and revenue that is not a coin's fee share (paid API calls, swap referrals).
import type { Config } from '../../../schemas/config.js';
import type { Event } from '../../../schemas/events/index.js';
import { BenchRandom } from './bench-random.js';
import { slotOf, type DatasetClock } from './dataset-plan.js';

export interface PlatformContext {
  clock: DatasetClock;
  config: Pick<Config, 'wallets' | 'mints'>;
  emit(event: Event): void;
  signature(): string;
}

const PRICE_EVERY = 300;
const HOUR = 3_600;

export function generatePlatform(ctx: PlatformContext, seed: number): void {
  const random = new BenchRandom(seed);
  const { clock, config } = ctx;
  const wallets = config.wallets;
  const funds: { fund: 'burn' | 'ai' | 'platform-share' | 'flywheel'; wallet: string; lamports: number }[] = [
    { fund: 'burn', wallet: wallets.burnFund, lamports: 20e9 },
    { fund: 'ai', wallet: wallets.aiFund, lamports: 5e9 },
    { fund: 'platform-share', wallet: wallets.treasury, lamports: 50e9 },
    { fund: 'flywheel', wallet: wallets.flywheelFund, lamports: 400e9 },
  ];
  let microUsd = 150_000_000;
  const event = (type: Event['type'], suffix: string, time: number, data: object): Event => {
    const signature = ctx.signature();
    return { id: `${signature}:${suffix}`, type, network: 'mainnet', slot: slotOf(clock, time), blockTime: time, signature, v: 1, data } as Event;
  };
  for (let time = clock.start; time <= clock.now - 30; time += PRICE_EVERY) {
    microUsd = Math.max(20_000_000, Math.round(microUsd * (1 + (random.next() - 0.5) * 0.006)));
    ctx.emit(event('price.updated', 'memo:0', time, { asset: 'SOL', microUsd: String(microUsd) }));
    if ((time - clock.start) % HOUR === 0) {
      for (const fund of funds) {
        fund.lamports = fund.fund === 'flywheel' ? Math.max(0.5e9, fund.lamports * 0.99) : fund.lamports * (1 + random.next() * 0.01);
        ctx.emit(event('fund.balance', 'lamports:0', time + 1, { fund: fund.fund, wallet: fund.wallet, lamports: String(Math.round(fund.lamports)) }));
      }
    }
    if ((time - clock.start) % (12 * HOUR) === 6 * HOUR) {
      const burn = funds[0]!;
      const cost = Math.round(burn.lamports * 0.05);
      burn.lamports -= cost;
      ctx.emit(
        event('platform.burned', '0', time + 2, {
          platformMint: config.mints.platformToken,
          amount: String(Math.round(cost * (2 + random.next()))),
          solCost: String(cost),
          burnFundLamportsAfter: String(Math.round(burn.lamports)),
        }),
      );
    }
    if (random.chance(0.1)) {
      ctx.emit(event('revenue', '0', time + 3, { kind: 'api', amount: random.pick(['10000', '50000']), unit: 'micro-usd', mint: null, quoteMint: null }));
    }
    if (random.chance(0.02)) {
      ctx.emit(
        event('revenue', '0', time + 4, { kind: 'swap-referral', amount: String(1e6 + random.int(5e7)), unit: 'lamports', mint: null, quoteMint: null }),
      );
    }
  }
}
