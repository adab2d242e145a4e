// The platform routes end to end against the devnet's ground truth, to the raw unit. Ten-minute slots make the
// run cross midnight into 2026-01-02, with fee claims, prices and a daily burn on both days. Stats: coins,
// graduations and trades from the chain's own logged events, volume, payout pots and creator sends valued at
// the price the feed had posted by their slot; revenueDaily from the treasury's balance changes in each claim
// transaction (fee shares) and in each trade the simulator placed through the service's swap front end (swap
// referrals), together all the treasury's lamports gained each day, the feed's prices per UTC day and the
// cumulative sum. Burns of each day from the burn keeper's
// actions, the total against the platform mint's supply on chain and the burn fund's balance at the end of the
// day. Funds: each wallet's lamports in the bank; the removed flywheel fund shown until an explicit move empties
// it into the treasury.
import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatQuotient } from '../../api/decimal.js';
import { transferSol } from '../../infra/devnet/actions.js';
import { WELL_KNOWN_KEYS } from '../../infra/devnet/genesis/well-known-keys.js';
import type { ExecutedTransaction } from '../../infra/devnet/runtime/types.js';
import type { SimAction, SimActionKind } from '../../infra/devnet/simulator/action-log.js';
import { readMint } from '../../infra/devnet/runtime/token-layout.js';
import { SOL } from '../../infra/devnet/truth/balance-history.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import { CONFIG } from '../ingest/chain-fixture.js';
import { chainFacts } from '../../infra/devnet/truth/chain-facts.js';
import { startService, type ServiceHarness } from './service-harness.js';

const SEED = 31;
/** Ten-minute slots: 144 a UTC day, so slot 144 opens 2026-01-02 and 175 slots cross midnight. */
const SLOT_MS = 600_000;
const SLOTS = 175;
const LAMPORTS_PER_SOL = 1_000_000_000n;

let h: ServiceHarness;
let last: number;
let clock: Date;

/** The simulator's successful actions of a kind up to the last projected slot (it acts ahead in the working slot). */
const actions = (kind: SimActionKind, upTo = last): SimAction[] => h.devnet.simulator!.log.ofKind(kind).filter((a) => a.ok && a.slot <= upTo);
const dayOfSlot = (slot: number) => new Date(h.devnet.bank.timeOfSlot(slot) * 1000).toISOString().slice(0, 10);
const coinOf = (mint: unknown) => h.devnet.simulator!.state.coins.find((coin) => coin.mint === mint)!;

/** The feed's prices as the simulator posted them, in chain order. */
function postedPrices(): { slot: number; microUsd: bigint }[] {
  return actions('price').map((a) => ({ slot: a.slot, microUsd: BigInt(a.detail.solMicroUsd as string) }));
}

/** The SOL price in force at a slot: the last posted at or before it. */
function priceAt(slot: number): bigint | null {
  return (
    postedPrices()
      .filter((p) => p.slot <= slot)
      .at(-1)?.microUsd ?? null
  );
}

/** Lamports worth of a quote amount at `slot`: SOL as is, the stablecoin (6 decimals) at the price then. */
function valueInLamports(quoteMint: string, amount: bigint, slot: number): bigint {
  if (quoteMint === NATIVE_MINT_ID) return amount;
  const price = priceAt(slot);
  return price === null ? 0n : (amount * LAMPORTS_PER_SOL) / price;
}

function landed(signature: string | null, slot: number): ExecutedTransaction {
  const tx = h.devnet.bank.getBlock(slot)?.transactions.find((t) => t.signature === signature);
  if (tx === undefined) throw new Error(`transaction ${signature} not in slot ${slot}`);
  return tx;
}

/** What `owner` gained in a transaction: lamports, or raw units of `mint`. */
function gained(tx: ExecutedTransaction, owner: string, mint: string): bigint {
  if (mint === NATIVE_MINT_ID) {
    const index = tx.accountKeys.indexOf(owner as Address);
    return index < 0 ? 0n : tx.meta.postBalances[index]! - tx.meta.preBalances[index]!;
  }
  const sum = (list: typeof tx.meta.preTokenBalances) =>
    list.filter((b) => b.owner === owner && b.mint === mint).reduce((total, b) => total + BigInt(b.uiTokenAmount.amount), 0n);
  return sum(tx.meta.postTokenBalances) - sum(tx.meta.preTokenBalances);
}

/** Wallets credited by a creator send: every account but the vault whose lamports or quote tokens grew. */
function creatorCredits(tx: ExecutedTransaction, quoteMint: string): bigint[] {
  const vault = WELL_KNOWN_KEYS.creatorVault.address;
  if (quoteMint === NATIVE_MINT_ID)
    return tx.accountKeys
      .filter((key) => key !== vault)
      .map((key) => gained(tx, key, NATIVE_MINT_ID))
      .filter((g) => g > 0n);
  const owners = new Set(tx.meta.postTokenBalances.filter((b) => b.mint === quoteMint && b.owner !== vault).map((b) => b.owner));
  return [...owners].map((owner) => gained(tx, owner, quoteMint)).filter((g) => g > 0n);
}

/** A wallet's lamports in the bank now. */
const lamportsOf = (wallet: Address): bigint => h.devnet.bank.getAccount(wallet)?.lamports ?? 0n;

/** A wallet's lamports at the end of `slot`: the bank's balance now less what the balance history saw it
 * change by since (the history folds transactions, not the genesis balances). */
const walletLamportsAt = (wallet: Address, slot: number): bigint =>
  lamportsOf(wallet) - h.devnet.truth!.balance(wallet, SOL) + h.devnet.truth!.balanceAt(wallet, SOL, slot);

beforeAll(async () => {
  h = await startService({ seed: SEED, slotMs: SLOT_MS });
  await h.step(SLOTS);
  last = await h.settle();
  clock = new Date(h.devnet.bank.timeOfSlot(last) * 1000);
  await h.useClock(clock);
  expect(dayOfSlot(last)).toBe('2026-01-02');
});

afterAll(async () => h?.stop());

describe('platform stats end to end', () => {
  it('counts coins, graduations and trades and values volume, payouts and creator sends as the chain does', async () => {
    const coins = h.devnet.simulator!.state.coins.filter((coin) => coin.launchSlot <= last);
    const facts = chainFacts(h.devnet.bank, CONFIG, h.fromSlot, last, new Set(coins.map((c) => c.mint)));
    const volume = facts.trades.reduce((sum, t) => sum + valueInLamports(coinOf(t.mint).quoteMint, BigInt(t.quoteAmount), t.slot), 0n);
    const rounds = actions('payout-round');
    const paid = rounds.reduce((sum, a) => sum + valueInLamports(coinOf(a.detail.mint).quoteMint, BigInt(a.detail.pot as string), a.slot), 0n);
    const sends = actions('creator-send');
    const sent = sends.reduce((sum, a) => {
      const quote = coinOf(a.detail.mint).quoteMint;
      return sum + creatorCredits(landed(a.signature, a.slot), quote).reduce((s, credit) => s + valueInLamports(quote, credit, a.slot), 0n);
    }, 0n);
    expect(rounds.length).toBeGreaterThan(0);
    expect(sends.length).toBeGreaterThan(0);
    expect(coins.some((c) => c.quoteMint === CONFIG.mints.stablecoin)).toBe(true);

    const { status, body } = await h.get('/api/v1/platform/stats');
    expect(status).toBe(200);
    expect({ ...body, revenueDaily: undefined }).toEqual({
      coinsLaunched: coins.length,
      coinsGraduated: facts.graduations.size,
      trades: facts.trades.length,
      volumeLamports: volume.toString(),
      paidToHoldersLamports: paid.toString(),
      sentToCreatorsLamports: sent.toString(),
      revenueDaily: undefined,
    });
  });

  it('gives the last 30 UTC days of revenue from the treasury, across midnight, with the day prices and the cumulative sum', async () => {
    const treasury = CONFIG.wallets.treasury;
    const revenue = new Map<string, bigint>();
    const solIncome = new Map<string, bigint>();
    const add = (map: Map<string, bigint>, day: string, amount: bigint) => map.set(day, (map.get(day) ?? 0n) + amount);
    for (const claim of actions('claim-fees')) {
      const quote = coinOf(claim.detail.mint).quoteMint;
      const share = gained(landed(claim.signature, claim.slot), treasury, quote);
      const day = dayOfSlot(claim.slot);
      add(revenue, day, valueInLamports(quote, share, claim.slot));
      if (quote === NATIVE_MINT_ID) add(solIncome, day, share);
    }
    expect(revenue.get('2026-01-01')).toBeGreaterThan(0n);
    expect(revenue.get('2026-01-02')).toBeGreaterThan(0n);

    // Swap referrals: what the treasury gained in each trade placed through the front end (the programs pay
    // referrals on SOL pairs only, so referred stablecoin trades bring nothing).
    const referral = new Map<string, bigint>();
    const referred = [...actions('buy'), ...actions('sell')].filter((a) => a.detail.referrer === treasury);
    for (const trade of referred) {
      const paid = gained(landed(trade.signature, trade.slot), treasury, NATIVE_MINT_ID);
      if (coinOf(trade.detail.mint).quoteMint !== NATIVE_MINT_ID) expect(paid).toBe(0n);
      add(referral, dayOfSlot(trade.slot), paid);
      add(solIncome, dayOfSlot(trade.slot), paid);
    }
    expect(referred.some((a) => coinOf(a.detail.mint).quoteMint === CONFIG.mints.stablecoin)).toBe(true);
    expect(referral.get('2026-01-01')).toBeGreaterThan(0n);
    expect(referral.get('2026-01-02')).toBeGreaterThan(0n);
    // Nothing else paid the treasury: each day's SOL fee shares and referrals are all its lamports gained that day.
    for (const day of ['2026-01-01', '2026-01-02']) {
      const slots = Array.from({ length: last - h.fromSlot + 1 }, (_, i) => h.fromSlot + i).filter((slot) => dayOfSlot(slot) === day);
      const gainedOnDay = walletLamportsAt(treasury, slots.at(-1)!) - walletLamportsAt(treasury, slots[0]! - 1);
      expect(gainedOnDay).toBe(solIncome.get(day));
    }

    const byDay = new Map<string, bigint[]>();
    for (const price of postedPrices()) byDay.set(dayOfSlot(price.slot), [...(byDay.get(dayOfSlot(price.slot)) ?? []), price.microUsd]);
    const expected = [];
    let carried: bigint | null = null;
    let cumulative = 0n;
    for (let i = 29; i >= 0; i--) {
      const day = new Date(Date.parse('2026-01-02T00:00:00Z') - i * 86_400_000).toISOString().slice(0, 10);
      const posted = byDay.get(day);
      const price = posted ? posted.reduce((a, b) => a + b, 0n) / BigInt(posted.length) : carried;
      if (posted) carried = posted.at(-1)!;
      const lamports = revenue.get(day) ?? 0n;
      const referred = referral.get(day) ?? 0n;
      const cents = price === null ? null : ((lamports + referred) * price) / 10n ** 13n;
      cumulative += cents ?? 0n;
      expected.push({
        date: day,
        feeShareLamports: lamports.toString(),
        swapReferralLamports: referred.toString(),
        apiMicroUsd: '0',
        solMicroUsd: price?.toString() ?? null,
        usdCents: cents?.toString() ?? null,
        cumulativeUsdCents: cents === null ? null : cumulative.toString(),
      });
    }
    const { body } = await h.get<{ revenueDaily: unknown[] }>('/api/v1/platform/stats');
    expect(body.revenueDaily).toEqual(expected);
  });
});

describe('platform burns end to end', () => {
  it.each(['2026-01-01', '2026-01-02'])('gives the burns of %s as the burn keeper made them', async (day) => {
    const burns = actions('burn');
    const ofDay = burns.filter((a) => a.detail.day === day);
    const upTo = burns.filter((a) => (a.detail.day as string) <= day);
    expect(ofDay.length).toBeGreaterThan(0);
    const burned = ofDay.reduce((sum, a) => sum + BigInt(a.detail.burned as string), 0n);
    const cost = ofDay.reduce((sum, a) => sum + BigInt(a.detail.solCost as string), 0n);
    const total = upTo.reduce((sum, a) => sum + BigInt(a.detail.burned as string), 0n);
    let lastOfDay = last;
    while (dayOfSlot(lastOfDay) > day) lastOfDay--;
    const fund = walletLamportsAt(CONFIG.wallets.burnFund, lastOfDay);
    const latestPrice = priceAt(last)!;
    const unit = 10n ** 6n;
    const original = CONFIG.platformToken.originalSupplyRaw;

    const { status, body } = await h.get(`/api/v1/platform/burns?date=${day}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      date: day,
      burned_today: formatQuotient(burned, unit, 6),
      burned_today_usd: formatQuotient(cost * latestPrice, 10n ** 15n, 2),
      burned_total: formatQuotient(total, unit, 6),
      original_supply: formatQuotient(original, unit, 6),
      burned_pct_of_supply: formatQuotient(total * 100n, original, 6),
      burn_count: ofDay.length,
      last_burn_tx: ofDay.at(-1)!.signature,
      burn_fund_sol: formatQuotient(fund, LAMPORTS_PER_SOL, 9),
    });
  });

  it('totals every burn as the platform mint lost supply on chain', async () => {
    const mint = readMint(h.devnet.bank.getAccount(CONFIG.mints.platformToken)!.data)!;
    const { body } = await h.get<{ burned_total: string }>('/api/v1/platform/burns');
    expect(body.burned_total).toBe(formatQuotient(CONFIG.platformToken.originalSupplyRaw - mint.supply, 10n ** 6n, 6));
  });
});

describe('platform funds end to end', () => {
  const flywheel = WELL_KNOWN_KEYS.flywheelFund;
  const treasury = WELL_KNOWN_KEYS.treasury;
  const lamports = (wallet: Address, slot = last) => walletLamportsAt(wallet, slot).toString();

  it('gives each fund its balance in the bank, and the untouched flywheel leftover as not yet seen', async () => {
    const { status, body } = await h.get('/api/v1/platform/funds');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      burnFund: { wallet: CONFIG.wallets.burnFund, lamports: lamports(CONFIG.wallets.burnFund) },
      aiFund: { wallet: CONFIG.wallets.aiFund, lamports: lamports(CONFIG.wallets.aiFund) },
      platformShare: { wallet: CONFIG.wallets.treasury, lamports: lamports(CONFIG.wallets.treasury) },
      flywheelLeftover: { wallet: flywheel.address, lamports: null, removedOn: '2026-10-18' },
    });
  });

  it('shows the flywheel leftover after part of it moves to the treasury, and drops it once emptied', async () => {
    transferSol(h.devnet, flywheel, treasury.address, 30n * LAMPORTS_PER_SOL, treasury);
    const slot = await h.land();
    let { body } = await h.get<Record<string, { lamports: string | null; slot: number | null } | null>>('/api/v1/platform/funds');
    expect(body.flywheelLeftover).toMatchObject({ lamports: lamports(flywheel.address, slot), slot });
    expect(body.flywheelLeftover!.lamports).toBe('7250000000');
    expect(body.platformShare!.lamports).toBe(lamports(treasury.address, slot));

    transferSol(h.devnet, flywheel, treasury.address, lamportsOf(flywheel.address), treasury);
    const emptied = await h.land();
    ({ body } = await h.get('/api/v1/platform/funds'));
    expect(body.flywheelLeftover).toBeNull();
    expect(body.platformShare!.lamports).toBe(lamports(treasury.address, emptied));
  });
});
