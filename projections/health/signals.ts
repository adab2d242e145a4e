// The health signals of a coin (spec 2.4), as pure functions of its facts: launch facts, holder balances now,
// its early trades, the creator's trades and transfers, trades of slots where wallets traded against each other,
// and its mint's authorities. Shares are of total supply in bps (10000 = 100%), rounded down. The README's
// "Health signals" section states each definition; the constants below are its numbers.
//
// Wallet funding (who sent a wallet its SOL) is not among the facts: the ingest follows the service's programs,
// its wallets and the token programs, not every System transfer on the chain. So a bundle is read from buys
// landing together, and an insider from coins the creator handed out rather than SOL it sent.
//
// Levels and the grade come from the signals (healthLevels, healthGrade): each signal is `ok`, `caution` or
// `warning` by THRESHOLDS; the grade counts them. A grade flags warnings only: a coin graded A is not thereby safe.
// Pure, so the scorer stores signals and every read derives the same levels and grade from them.
import type { z } from 'zod';
import type { healthContext as contextSchema, HealthResponse, healthLevels as levelsSchema, healthSignals as signalsSchema } from '../../schemas/api/health.js';

/** A sniper bought in the launch slot or within this many slots after it (1.2 s at 400 ms slots). */
export const SNIPER_WINDOW_SLOTS = 3;
/** A bundle: at least this many wallets buying in one slot of the sniper window. */
const BUNDLE_MIN_WALLETS = 3;
/** A wash pair traded against each other in at least this many slots (in both directions). */
const WASH_MIN_SLOTS = 2;

const BPS = 10_000n;

export interface CoinTrade {
  slot: number;
  signature: string;
  trader: string;
  side: 'buy' | 'sell';
  coinAmount: bigint;
}

export interface HealthFacts {
  supply: bigint;
  creator: string;
  launchSlot: number;
  /** Never holders or traders of interest: the coin's venues and the service's wallets. */
  excluded: ReadonlySet<string>;
  /** Every holder's balance now (excluded wallets left out). */
  balances: ReadonlyMap<string, bigint>;
  /** Trades in slots launchSlot .. launchSlot + SNIPER_WINDOW_SLOTS, and every trade of the creator. */
  trades: readonly CoinTrade[];
  /** Trades of the slots in which one wallet bought and another sold. */
  crossTrades: readonly CoinTrade[];
  /** Coins that left the creator's wallet for another owner outside a trade, by recipient. */
  creatorTransfers: readonly { to: string; amount: bigint }[];
  /** The mint's authorities after launch; undefined when unknown. */
  mintAuthority: string | null | undefined;
  freezeAuthority: string | null | undefined;
}

/** As the API gives them (schemas/api/health.ts); the authorities are absent when unknown. */
export type HealthSignals = z.output<typeof signalsSchema>;
export type HealthContext = z.output<typeof contextSchema>;

/** Share of supply of the amounts together. */
function shareBps(amounts: readonly bigint[], supply: bigint): number {
  if (supply <= 0n) return 0;
  const bps = (amounts.reduce((sum, amount) => sum + amount, 0n) * BPS) / supply;
  return Number(bps > BPS ? BPS : bps);
}

/** Share of supply the wallets hold now. */
function heldBps(wallets: ReadonlySet<string>, facts: HealthFacts): number {
  const held = Array.from(wallets, (wallet) => facts.balances.get(wallet) ?? 0n);
  return shareBps(held, facts.supply);
}

const isOutsider = (wallet: string, facts: HealthFacts) => wallet !== facts.creator && !facts.excluded.has(wallet);

function earlyBuys(facts: HealthFacts): CoinTrade[] {
  const last = facts.launchSlot + SNIPER_WINDOW_SLOTS;
  return facts.trades.filter((t) => t.side === 'buy' && t.slot >= facts.launchSlot && t.slot <= last && isOutsider(t.trader, facts));
}

/** Snipers: wallets other than the creator that bought in the launch slot or the SNIPER_WINDOW_SLOTS after it. */
export function sniperWallets(facts: HealthFacts): Set<string> {
  return new Set(earlyBuys(facts).map((t) => t.trader));
}

/** Bundlers: among those early buys, wallets buying in a slot where BUNDLE_MIN_WALLETS or more wallets bought, or in
 * one transaction that bought for two or more wallets. */
export function bundleWallets(facts: HealthFacts): Set<string> {
  const early = earlyBuys(facts);
  const walletsWhere = (together: (t: CoinTrade) => boolean) => new Set(early.filter(together).map((t) => t.trader)).size;
  const bundled = early.filter((t) => walletsWhere((u) => u.slot === t.slot) >= BUNDLE_MIN_WALLETS || walletsWhere((u) => u.signature === t.signature) >= 2);
  return new Set(bundled.map((t) => t.trader));
}

/** Insiders: wallets the creator sent coins to outside a trade. */
export function insiderWallets(facts: HealthFacts): Set<string> {
  return new Set(facts.creatorTransfers.filter((t) => t.amount > 0n && isOutsider(t.to, facts)).map((t) => t.to));
}

/** The creator's launch buy (its buys in the launch slot) and what it sold since. */
export function creatorLaunchBuy(facts: HealthFacts): { bought: bigint; sold: bigint } {
  const creators = (side: CoinTrade['side'], inSlot: (slot: number) => boolean) =>
    facts.trades.filter((t) => t.trader === facts.creator && t.side === side && inSlot(t.slot)).reduce((sum, t) => sum + t.coinAmount, 0n);
  return { bought: creators('buy', (slot) => slot === facts.launchSlot), sold: creators('sell', (slot) => slot >= facts.launchSlot) };
}

/** Wash trading: pairs of wallets (the creator included) that, in WASH_MIN_SLOTS or more slots, one bought while
 * the other sold, each wallet on each side at least once; and the coins their trades in those slots moved. */
export function washTrades(facts: HealthFacts): { pairs: [string, string][]; coins: bigint } {
  const bySlot = new Map<number, CoinTrade[]>();
  for (const t of facts.crossTrades) if (!facts.excluded.has(t.trader)) bySlot.set(t.slot, [...(bySlot.get(t.slot) ?? []), t]);
  // Per ordered pair "a bought while b sold": the slots it happened in.
  const directed = new Map<string, Set<number>>();
  for (const [slot, trades] of bySlot) {
    const buyers = new Set(trades.filter((t) => t.side === 'buy').map((t) => t.trader));
    const sellers = new Set(trades.filter((t) => t.side === 'sell').map((t) => t.trader));
    for (const a of buyers) for (const b of sellers) if (a !== b) directed.set(`${a} ${b}`, (directed.get(`${a} ${b}`) ?? new Set()).add(slot));
  }
  const pairs: [string, string][] = [];
  // The pairs' trades in those slots, each counted once however many pairs it is part of.
  const washed = new Set<CoinTrade>();
  for (const [key, slots] of directed) {
    const [a, b] = key.split(' ') as [string, string];
    const back = directed.get(`${b} ${a}`);
    if (a > b || back === undefined || slots.size + back.size < WASH_MIN_SLOTS) continue;
    pairs.push([a, b]);
    for (const slot of [...slots, ...back]) for (const t of bySlot.get(slot)!) if (t.trader === a || t.trader === b) washed.add(t);
  }
  return { pairs: pairs.sort(), coins: [...washed].reduce((sum, t) => sum + t.coinAmount, 0n) };
}

export function healthSignals(facts: HealthFacts): HealthSignals {
  const launch = creatorLaunchBuy(facts);
  const signals: HealthSignals = {
    top10Bps: shareBps([...facts.balances.values()].sort((x, y) => (x > y ? -1 : x < y ? 1 : 0)).slice(0, 10), facts.supply),
    creatorUnlockedBps: shareBps([facts.balances.get(facts.creator) ?? 0n], facts.supply),
    creatorSoldLaunchBuy: launch.bought > 0n && launch.sold * 2n >= launch.bought,
    sniperBps: heldBps(sniperWallets(facts), facts),
    bundleBps: heldBps(bundleWallets(facts), facts),
    insiderBps: heldBps(insiderWallets(facts), facts),
    washBps: shareBps([washTrades(facts).coins], facts.supply),
  };
  if (facts.mintAuthority !== undefined) signals.mintAuthority = facts.mintAuthority !== null;
  if (facts.freezeAuthority !== undefined) signals.freezeAuthority = facts.freezeAuthority !== null;
  return signals;
}

type Level = 'ok' | 'caution' | 'warning';
/** A level per signal; the authority levels are absent when the signals are. */
type HealthLevels = z.output<typeof levelsSchema>;

/** A grade older than this reads as null (spec 2.4). */
export const GRADE_TTL_MS = 60 * 60 * 1000;

/** Share signals: at or above `caution` bps it is a caution, at or above `warning` a warning. */
export const THRESHOLDS = {
  top10Bps: { caution: 3_000, warning: 5_000 },
  creatorUnlockedBps: { caution: 500, warning: 1_500 },
  sniperBps: { caution: 300, warning: 1_000 },
  bundleBps: { caution: 300, warning: 1_000 },
  insiderBps: { caution: 100, warning: 500 },
  washBps: { caution: 500, warning: 2_000 },
} as const satisfies Record<string, { caution: number; warning: number }>;

const POINTS: Record<Level, number> = { ok: 0, caution: 1, warning: 2 };

/** Shares by THRESHOLDS; the flags (creatorSoldLaunchBuy and the authorities) are a warning while set. */
export function healthLevels(signals: HealthSignals): HealthLevels {
  const levels = Object.entries(signals).map(([signal, value]: [string, number | boolean]): [string, Level] => {
    if (typeof value === 'boolean') return [signal, value ? 'warning' : 'ok'];
    const { caution, warning } = THRESHOLDS[signal as keyof typeof THRESHOLDS];
    return [signal, value >= warning ? 'warning' : value >= caution ? 'caution' : 'ok'];
  });
  return Object.fromEntries(levels) as HealthLevels;
}

/** F while the mint or freeze authority is still set (supply can grow, holders can be frozen); otherwise by points
 * (caution 1, warning 2): 0 A, 1 B, 2-3 C, 4-5 D, 6 or more F. */
export function healthGrade(levels: HealthLevels): NonNullable<HealthResponse['grade']> {
  if (levels.mintAuthority === 'warning' || levels.freezeAuthority === 'warning') return 'F';
  const points = Object.values(levels).reduce((sum, level) => sum + POINTS[level], 0);
  return points === 0 ? 'A' : points === 1 ? 'B' : points <= 3 ? 'C' : points <= 5 ? 'D' : 'F';
}
