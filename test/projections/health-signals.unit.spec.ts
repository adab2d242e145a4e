// Health signals, levels and grade as pure functions of a coin's facts: given the facts, then each signal by its
// definition (snipers by the launch window, bundles by slot and by transaction, insiders by the creator's
// transfers, wash pairs by trading against each other both ways, the creator's launch buy sold or not, the ten
// largest holders, the mint's authorities), then the levels by their thresholds and the grade by its points.
import { describe, expect, it } from 'vitest';
import { healthGrade, healthLevels, THRESHOLDS } from '../../projections/health/signals.js';
import {
  bundleWallets,
  creatorLaunchBuy,
  healthSignals,
  insiderWallets,
  sniperWallets,
  SNIPER_WINDOW_SLOTS,
  washTrades,
  type CoinTrade,
  type HealthFacts,
} from '../../projections/health/signals.js';

const SUPPLY = 1_000_000n; // 1 bps = 100 raw units
const LAUNCH = 100;
const CREATOR = 'creator';
const CURVE = 'curve';

let n = 0;
const buy = (slot: number, trader: string, coinAmount: bigint, signature = `tx${n++}`): CoinTrade => ({ slot, signature, trader, side: 'buy', coinAmount });
const sell = (slot: number, trader: string, coinAmount: bigint, signature = `tx${n++}`): CoinTrade => ({ slot, signature, trader, side: 'sell', coinAmount });

function facts(over: Partial<HealthFacts> = {}): HealthFacts {
  return {
    supply: SUPPLY,
    creator: CREATOR,
    launchSlot: LAUNCH,
    excluded: new Set([CURVE, 'treasury']),
    balances: new Map(),
    trades: [],
    crossTrades: [],
    creatorTransfers: [],
    mintAuthority: null,
    freezeAuthority: null,
    ...over,
  };
}

describe('health signals', () => {
  it('snipers: wallets other than the creator buying from the launch slot to SNIPER_WINDOW_SLOTS after; share held now', () => {
    const f = facts({
      trades: [
        buy(LAUNCH, 's1', 500n),
        buy(LAUNCH + SNIPER_WINDOW_SLOTS, 's2', 500n),
        buy(LAUNCH + SNIPER_WINDOW_SLOTS + 1, 'late', 500n),
        buy(LAUNCH, CREATOR, 900n),
        buy(LAUNCH + 1, CURVE, 1n),
        sell(LAUNCH + 2, 'seller', 5n),
      ],
      balances: new Map([
        ['s1', 30_000n],
        ['s2', 0n],
        ['late', 70_000n],
        [CREATOR, 5_000n],
      ]),
    });
    expect(sniperWallets(f)).toEqual(new Set(['s1', 's2']));
    expect(healthSignals(f).sniperBps).toBe(300);
  });

  it('bundles: early buyers in a slot with three or more of them, or sharing one transaction', () => {
    const f = facts({
      trades: [
        buy(LAUNCH, 'a', 1n),
        buy(LAUNCH, 'b', 1n),
        buy(LAUNCH, 'c', 1n),
        buy(LAUNCH + 1, 'd', 1n),
        buy(LAUNCH + 1, 'e', 1n),
        buy(LAUNCH + 2, 'f', 1n, 'one'),
        buy(LAUNCH + 2, 'g', 1n, 'one'),
        buy(LAUNCH + 9, 'h', 1n),
        buy(LAUNCH + 9, 'i', 1n),
        buy(LAUNCH + 9, 'j', 1n),
      ],
      balances: new Map([
        ['a', 10_000n],
        ['b', 10_000n],
        ['d', 50_000n],
        ['f', 100n],
        ['h', 90_000n],
      ]),
    });
    expect(bundleWallets(f)).toEqual(new Set(['a', 'b', 'c', 'f', 'g']));
    expect(healthSignals(f).bundleBps).toBe(201);
  });

  it('insiders: wallets the creator sent coins to, venues left out', () => {
    const f = facts({
      creatorTransfers: [
        { to: 'friend', amount: 40_000n },
        { to: CURVE, amount: 10_000n },
        { to: 'zero', amount: 0n },
      ],
      balances: new Map([
        ['friend', 25_000n],
        ['zero', 1_000n],
      ]),
    });
    expect(insiderWallets(f)).toEqual(new Set(['friend']));
    expect(healthSignals(f).insiderBps).toBe(250);
  });

  it('creator sold its launch buy: half or more of its launch-slot buys sold since', () => {
    const trades = [buy(LAUNCH, CREATOR, 100n), buy(LAUNCH + 1, CREATOR, 1_000n), sell(LAUNCH + 5, CREATOR, 30n)];
    expect(creatorLaunchBuy(facts({ trades }))).toEqual({ bought: 100n, sold: 30n });
    expect(healthSignals(facts({ trades })).creatorSoldLaunchBuy).toBe(false);
    expect(healthSignals(facts({ trades: [...trades, sell(LAUNCH + 9, CREATOR, 20n)] })).creatorSoldLaunchBuy).toBe(true);
    expect(healthSignals(facts({ trades: [sell(LAUNCH + 9, CREATOR, 20n)] })).creatorSoldLaunchBuy).toBe(false);
  });

  it('wash: a pair trading against each other both ways; the coins their trades in those slots moved', () => {
    const crossTrades = [
      buy(10, 'a', 1_000n),
      sell(10, 'b', 900n),
      buy(10, 'x', 50n),
      buy(14, 'b', 1_100n),
      sell(14, 'a', 1_000n),
      // One way only, twice: not a wash pair.
      buy(20, 'p', 10n),
      sell(20, 'q', 10n),
      buy(21, 'p', 10n),
      sell(21, 'q', 10n),
      // Through a venue: never.
      buy(30, CURVE, 10n),
      sell(30, 'a', 10n),
      buy(31, 'a', 10n),
      sell(31, CURVE, 10n),
    ];
    const wash = washTrades(facts({ crossTrades }));
    expect(wash.pairs).toEqual([['a', 'b']]);
    expect(wash.coins).toBe(4_000n);
    expect(healthSignals(facts({ crossTrades })).washBps).toBe(40);
  });

  it('top 10 and the creator: shares of supply held now', () => {
    const balances = new Map<string, bigint>(Array.from({ length: 12 }, (_, i) => [`w${i}`, BigInt((i + 1) * 1_000)] as const));
    balances.set(CREATOR, 500n);
    const signals = healthSignals(facts({ balances }));
    expect(signals.top10Bps).toBe(750); // 3,000 .. 12,000
    expect(signals.creatorUnlockedBps).toBe(5);
  });

  it('mint and freeze authority: true while set, false when none, absent when unknown', () => {
    expect(healthSignals(facts({ mintAuthority: 'someone', freezeAuthority: null }))).toMatchObject({ mintAuthority: true, freezeAuthority: false });
    const unknown = healthSignals(facts({ mintAuthority: undefined, freezeAuthority: undefined }));
    expect('mintAuthority' in unknown || 'freezeAuthority' in unknown).toBe(false);
  });
});

describe('levels and grade', () => {
  const quiet = healthSignals(facts());

  it('a coin with no warning sign is A, every level ok', () => {
    const levels = healthLevels(quiet);
    expect(Object.values(levels).every((level) => level === 'ok')).toBe(true);
    expect(healthGrade(levels)).toBe('A');
  });

  it('levels switch at the thresholds', () => {
    for (const [signal, { caution, warning }] of Object.entries(THRESHOLDS)) {
      const at = (bps: number) => healthLevels({ ...quiet, [signal]: bps })[signal as keyof typeof THRESHOLDS];
      expect([at(caution - 1), at(caution), at(warning - 1), at(warning)], signal).toEqual(['ok', 'caution', 'caution', 'warning']);
    }
  });

  it('grade by points (caution 1, warning 2): B, C, D, F; F whenever an authority is still set', () => {
    expect(healthGrade(healthLevels({ ...quiet, sniperBps: 300 }))).toBe('B');
    expect(healthGrade(healthLevels({ ...quiet, sniperBps: 1_000 }))).toBe('C');
    expect(healthGrade(healthLevels({ ...quiet, sniperBps: 1_000, bundleBps: 300 }))).toBe('C');
    expect(healthGrade(healthLevels({ ...quiet, sniperBps: 1_000, bundleBps: 1_000 }))).toBe('D');
    expect(healthGrade(healthLevels({ ...quiet, sniperBps: 1_000, bundleBps: 1_000, creatorSoldLaunchBuy: true }))).toBe('F');
    expect(healthGrade(healthLevels({ ...quiet, freezeAuthority: true }))).toBe('F');
  });
});
