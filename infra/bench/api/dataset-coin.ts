// One coin's life as the chain would report it, in chain order: the launch (with the locked fee split and the
// supply in its curve or pool vault), trades on constant-product reserves with both token balance changes, the
// graduation of a launchpad coin that sells out its curve, and the keepers: fee claims split 70/12/3/10/5 (with
// the service's revenue), holder payout rounds allocated with the keeper's own rule (schemas/rewards), so owed
// shares replay exactly, and creator sends. Keeper transactions take a slot of their own.
import type { Event } from '../../../schemas/events/index.js';
import type { Config } from '../../../schemas/config.js';
import { allocateRound } from '../../../schemas/rewards/allocation.js';
import { minPayout } from '../../../schemas/rewards/min-payout.js';
import { SOL_CURVE, STABLECOIN_CURVE } from '../../../schemas/programs/launchpad/constants.js';
import { NATIVE_MINT_ID } from '../../../schemas/programs/token-addresses.js';
import { benchAddress } from './bench-keys.js';
import { BenchRandom, ZipfPicker } from './bench-random.js';
import type { CatalogBuilder } from './dataset-catalog.js';
import { slotOf, type CoinPlan, type DatasetClock } from './dataset-plan.js';

export interface DatasetContext {
  clock: DatasetClock;
  config: Pick<Config, 'wallets'>;
  emit(event: Event): void;
  /** A fresh transaction signature. */
  signature(): string;
  wallet(index: number): string;
  /** Size of the wallet pool traders come from. */
  wallets: number;
  catalog: CatalogBuilder;
}

const TOTAL_SUPPLY = 1_000_000_000_000_000n;
const SPLIT_BPS = [7_000n, 1_200n, 300n, 1_000n, 500n];
const HOUR = 3_600;
/** Basket tokens bought per raw quote unit, as numerator/denominator per basket position. */
const BASKET_RATES: [bigint, bigint][] = [
  [3n, 1_000n],
  [1n, 20n],
  [7n, 100n],
  [1n, 400n],
];

interface Account {
  address: string;
  balance: bigint;
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

function envelope(type: Event['type'], signature: string, suffix: string, slot: number, blockTime: number) {
  return { id: `${signature}:${suffix}`, type, network: 'mainnet', slot, blockTime, signature, v: 1 as const };
}

/** Times of a coin's trades, ascending: half spread evenly from launch to now, half crowded near the launch. */
function tradeTimes(random: BenchRandom, plan: CoinPlan, now: number): Float64Array {
  const span = Math.max(1, now - plan.launchTime);
  const times = new Float64Array(plan.trades);
  for (let i = 0; i < plan.trades; i++) {
    const u = random.next();
    times[i] = plan.launchTime + span * (random.chance(0.5) ? u * u * u : u);
  }
  return times.sort();
}

export function generateCoin(ctx: DatasetContext, plan: CoinPlan, seed: number): void {
  const random = new BenchRandom(seed);
  const { clock, config } = ctx;
  const wallets = config.wallets;
  const sol = plan.quoteMint === NATIVE_MINT_ID;
  const curveShape = sol ? SOL_CURVE : STABLECOIN_CURVE;
  const launchpad = plan.route === 'launchpad';
  const curve = launchpad ? benchAddress(`curve:${plan.index}`) : null;
  const launchPool = launchpad ? null : benchAddress(`pool:${plan.index}`);
  let venue: 'curve' | 'pool' = launchpad ? 'curve' : 'pool';
  let market = (curve ?? launchPool)!;
  let reserveCoin = launchpad ? curveShape.initialVirtualToken : TOTAL_SUPPLY;
  let reserveQuote = launchpad ? curveShape.initialVirtualQuote : 60_000_000_000n;
  const initial = { coin: reserveCoin.toString(), quote: reserveQuote.toString() };
  const venues = new Set<string>([market]);

  const accounts = new Map<string, Account>();
  const vault: Account = { address: benchAddress(`vault:${plan.index}:${market}`), balance: 0n };
  const vaultOwner = () => market;
  let slot = slotOf(clock, plan.launchTime);
  let floor = slot;
  let time = plan.launchTime;

  const balanceEvent = (signature: string, index: number, owner: string, account: Account, post: bigint): Event => {
    const pre = account.balance;
    account.balance = post;
    return {
      ...envelope('token.balance_changed', signature, `bal:${index}`, slot, time),
      data: {
        mint: plan.mint,
        owner,
        tokenAccount: account.address,
        tokenProgram: plan.antiSniper ? 'token-2022' : 'spl',
        decimals: 6,
        pre: pre.toString(),
        post: post.toString(),
        delta: (post - pre).toString(),
      },
    } as Event;
  };
  /** A keeper transaction: a slot of its own after everything so far. */
  const keeperSlot = () => {
    slot = Math.max(slot, floor) + 1;
    floor = slot + 1;
  };

  // Launch: the coin, its fee split, the supply in the vault.
  {
    const signature = ctx.signature();
    ctx.emit({
      ...envelope('coin.launched', signature, '0', slot, time),
      data: {
        mint: plan.mint,
        route: plan.route,
        creator: plan.creator,
        payer: plan.creator,
        mode: plan.mode,
        holdersPaid: plan.holdersPaid,
        quoteMint: plan.quoteMint,
        quoteDecimals: plan.quoteDecimals,
        tokenProgram: plan.antiSniper ? 'token-2022' : 'spl',
        decimals: 6,
        totalSupply: TOTAL_SUPPLY.toString(),
        feeBps: plan.feeBps,
        hooks: plan.antiSniper ? ['anti-sniper'] : [],
        antiSniper: plan.antiSniper ? { limitBps: 100, windowSeconds: 60 } : null,
        curve,
        pool: launchPool,
        basket: plan.basket,
        creatorRecipients: plan.recipients,
        untrusted: { name: plan.name, symbol: plan.symbol, uri: `https://example.org/coins/${plan.index}.json` },
        ...(launchpad ? { curveAllotment: curveShape.curveAllotment.toString() } : {}),
        initialReserves: initial,
        mintAuthority: null,
        freezeAuthority: null,
      },
    } as Event);
    if (launchpad) {
      ctx.emit({
        ...envelope('coin.fee_split_locked', signature, '1', slot, time),
        data: { mint: plan.mint, referrer: plan.referrer, recipients: splitRecipients(plan, wallets) },
      } as Event);
    }
    ctx.emit(balanceEvent(signature, 2, vaultOwner(), vault, TOTAL_SUPPLY));
  }

  // Keeper state.
  let accrued = 0n;
  let tradesSinceClaim = 0;
  let lastClaimTime = plan.launchTime;
  let firstClaim = null as { slot: number; time: number; balances: Map<string, bigint> } | null;
  let claims = 0;
  let potIn = 0n;
  let potSpent = 0n;
  let round = 0;
  let lastRound = null as { time: number; snapshotSlot: number; balances: Map<string, bigint> } | null;
  let owed = new Map<string, bigint>();
  let creatorEarned = 0n;
  let creatorSent = 0n;
  let graduated = false;

  const ownerBalances = (): Map<string, bigint> => {
    const out = new Map<string, bigint>();
    for (const [owner, account] of accounts) if (account.balance > 0n) out.set(owner, account.balance);
    if (vault.balance > 0n) out.set(vaultOwner(), vault.balance);
    return out;
  };

  const claim = () => {
    keeperSlot();
    const signature = ctx.signature();
    const amounts = SPLIT_BPS.map((bps) => (accrued * bps) / 10_000n);
    amounts[0] = accrued - amounts.slice(1).reduce((sum, amount) => sum + amount, 0n);
    const recipients = splitRecipients(plan, wallets);
    ctx.emit({
      ...envelope('fees.claimed', signature, '0', slot, time),
      data: {
        mint: plan.mint,
        market,
        quoteMint: plan.quoteMint,
        total: accrued.toString(),
        shares: recipients.map((recipient, i) => ({ role: recipient.role, wallet: recipient.wallet, amount: amounts[i]!.toString() })),
      },
    } as Event);
    ctx.emit({
      ...envelope('revenue', signature, '1', slot, time),
      data: { kind: 'fee-share', amount: amounts[1]!.toString(), unit: sol ? 'lamports' : 'quote', mint: plan.mint, quoteMint: plan.quoteMint },
    } as Event);
    if (plan.mode === 'holder') potIn += amounts[0]!;
    else creatorEarned += amounts[0]!;
    if (firstClaim === null) firstClaim = { slot, time, balances: ownerBalances() };
    claims += 1;
    accrued = 0n;
    tradesSinceClaim = 0;
    lastClaimTime = time;
  };

  const payoutRound = () => {
    const baseline = lastRound === null ? firstClaim! : { slot: lastRound.snapshotSlot, balances: lastRound.balances };
    const snapshotSlot = Math.max(slot, floor - 1);
    const snapshot = ownerBalances();
    const allocation = allocateRound({
      pot: potIn - potSpent,
      balancesAtSnapshot: snapshot,
      balancesAtBaseline: baseline.balances,
      carried: owed,
      minPayout: minPayout(plan.quoteMint),
      excluded: new Set([...venues, ...Object.values(wallets)]),
    });
    if (allocation.weights.size === 0) return;
    keeperSlot();
    round += 1;
    const spent = [...allocation.paid.values()].reduce((sum, amount) => sum + amount, 0n);
    const tokens = roundTokens(plan, spent);
    const signature = ctx.signature();
    ctx.emit({
      ...envelope('payout.round', signature, '0', slot, time),
      data: {
        mint: plan.mint,
        round,
        snapshotSlot,
        baselineSlot: baseline.slot,
        holdersCounted: allocation.weights.size,
        potSpent: spent.toString(),
        paidIn: plan.holdersPaid,
        tokens: tokens.map((token) => ({ mint: token.mint, bought: token.bought.toString(), cost: token.cost.toString() })),
      },
    } as Event);
    keeperSlot();
    let payoutSignature = '';
    let k = 0;
    for (const [wallet, paid] of allocation.paid) {
      ctx.catalog.paidWallet(wallet, plan.mint);
      for (const token of tokens) {
        const amount = spent === 0n ? 0n : (token.bought * paid) / spent;
        if (amount === 0n) continue;
        if (k % 8 === 0) payoutSignature = ctx.signature();
        ctx.emit({
          ...envelope('payout.sent', payoutSignature, String(k % 8), slot, time),
          data: { mint: plan.mint, round, wallet, token: token.mint, amount: amount.toString() },
        } as Event);
        k += 1;
      }
    }
    for (const wallet of allocation.owed.keys()) ctx.catalog.owedWallet(wallet, plan.mint);
    potSpent += spent;
    owed = allocation.owed;
    lastRound = { time, snapshotSlot, balances: snapshot };
  };

  const creatorSend = () => {
    const due = creatorEarned - creatorSent;
    if (due <= 0n) return;
    keeperSlot();
    const signature = ctx.signature();
    const recipients = plan.recipients.length > 0 ? plan.recipients : [{ wallet: plan.creator, bps: 10_000 }];
    let left = due;
    recipients.forEach((recipient, i) => {
      const amount = i === recipients.length - 1 ? left : (due * BigInt(recipient.bps)) / 10_000n;
      left -= amount;
      if (amount === 0n) return;
      ctx.emit({
        ...envelope('creator.sent', signature, String(i), slot, time),
        data: { mint: plan.mint, wallet: recipient.wallet, quoteMint: plan.quoteMint, amount: amount.toString() },
      } as Event);
    });
    creatorSent = due + creatorSent;
  };

  const graduate = () => {
    keeperSlot();
    const signature = ctx.signature();
    const pool = benchAddress(`graduated:${plan.index}`);
    ctx.emit({
      ...envelope('coin.graduated', signature, '0', slot, time),
      data: {
        mint: plan.mint,
        curve: curve!,
        pool,
        coinAmount: vault.balance.toString(),
        quoteAmount: (reserveQuote - curveShape.initialVirtualQuote).toString(),
      },
    } as Event);
    const moved = vault.balance;
    ctx.emit(balanceEvent(signature, 1, vaultOwner(), vault, 0n));
    venue = 'pool';
    market = pool;
    venues.add(pool);
    const poolVault: Account = { address: benchAddress(`vault:${plan.index}:${pool}`), balance: 0n };
    ctx.emit(balanceEvent(signature, 2, pool, poolVault, moved));
    vault.address = poolVault.address;
    vault.balance = poolVault.balance;
    graduated = true;
  };

  // Trades.
  const traders = new ZipfPicker(Math.min(20_000, Math.max(8, Math.ceil(plan.trades / 3))), 1.0);
  const walletOffset = random.int(ctx.wallets);
  const times = tradeTimes(random, plan, clock.now);
  const creatorBuys = launchpad && random.chance(0.5);
  const graduationReserve = curveShape.initialVirtualToken - curveShape.curveAllotment;
  let firstTrade: number | null = null;
  for (let i = 0; i < plan.trades; i++) {
    time = Math.floor(times[i]!);
    slot = Math.max(slotOf(clock, time), floor);
    const trader = i === 0 && creatorBuys ? plan.creator : ctx.wallet((walletOffset + traders.pick(random) * 7_919) % ctx.wallets);
    let account = accounts.get(trader);
    if (account === undefined) accounts.set(trader, (account = { address: benchAddress(`ata:${plan.index}:${trader}`), balance: 0n }));
    const buy = account.balance === 0n || random.chance(0.55);
    const k = reserveCoin * reserveQuote;
    let coinAmount: bigint;
    let quoteAmount: bigint;
    if (buy) {
      const size = sol ? random.logNormal(Math.log(1.5e8), 1.2) : random.logNormal(Math.log(2e7), 1.2);
      quoteAmount = BigInt(Math.max(1_000, Math.min(Math.round(size), sol ? 5e10 : 1e10)));
      const coinAfter = ceilDiv(k, reserveQuote + quoteAmount);
      coinAmount = reserveCoin - coinAfter;
      if (coinAmount <= 0n || coinAmount > vault.balance) continue;
      reserveCoin = coinAfter;
      reserveQuote += quoteAmount;
    } else {
      coinAmount = (account.balance * BigInt(random.pick([25, 50, 100]))) / 100n;
      const quoteAfter = ceilDiv(k, reserveCoin + coinAmount);
      quoteAmount = reserveQuote - quoteAfter;
      if (coinAmount <= 0n || quoteAmount <= 0n) continue;
      reserveCoin += coinAmount;
      reserveQuote = quoteAfter;
    }
    const feeAmount = (quoteAmount * BigInt(plan.feeBps)) / 10_000n;
    const referred = random.chance(0.1);
    const signature = ctx.signature();
    ctx.emit({
      ...envelope('trade', signature, '0', slot, time),
      data: {
        mint: plan.mint,
        venue,
        market,
        trader,
        side: buy ? 'buy' : 'sell',
        coinAmount: coinAmount.toString(),
        quoteAmount: quoteAmount.toString(),
        feeAmount: feeAmount.toString(),
        referralFee: referred ? (feeAmount / 10n).toString() : '0',
        referrer: referred ? benchAddress(`referrer:${i % 50}`) : null,
        quoteMint: plan.quoteMint,
        reserves: { coin: reserveCoin.toString(), quote: reserveQuote.toString() },
      },
    } as Event);
    ctx.emit(balanceEvent(signature, 1, trader, account, buy ? account.balance + coinAmount : account.balance - coinAmount));
    ctx.emit(balanceEvent(signature, 2, vaultOwner(), vault, buy ? vault.balance - coinAmount : vault.balance + coinAmount));
    ctx.catalog.trader(trader);
    firstTrade ??= time;
    accrued += feeAmount;
    tradesSinceClaim += 1;

    if (launchpad && !graduated && reserveCoin <= graduationReserve) graduate();
    const due = (tradesSinceClaim >= 40 && time - lastClaimTime >= 3 * HOUR) || (time - lastClaimTime >= 24 * HOUR && accrued > 0n);
    if (!due || accrued === 0n) continue;
    claim();
    if (plan.mode === 'holder') {
      const since = lastRound === null ? time - firstClaim!.time >= 12 * HOUR : time - lastRound.time >= 48 * HOUR;
      if (since && potIn > potSpent) payoutRound();
    } else if (claims % 2 === 0) {
      creatorSend();
    }
  }
  ctx.catalog.coin(plan, { firstTrade, lastTrade: firstTrade === null ? null : time, rounds: round, graduated });
}

function splitRecipients(
  plan: CoinPlan,
  wallets: Config['wallets'],
): { role: 'holders' | 'creator' | 'service' | 'ai-fund' | 'burn' | 'referrer' | 'liquidity'; wallet: string; bps: number }[] {
  return [
    plan.mode === 'holder' ? { role: 'holders', wallet: wallets.rewardsVault, bps: 7_000 } : { role: 'creator', wallet: wallets.creatorVault, bps: 7_000 },
    { role: 'service', wallet: wallets.treasury, bps: 1_200 },
    { role: 'ai-fund', wallet: wallets.aiFund, bps: 300 },
    { role: 'burn', wallet: wallets.burnFund, bps: 1_000 },
    plan.referrer === null ? { role: 'liquidity', wallet: wallets.platformLiquidity, bps: 500 } : { role: 'referrer', wallet: plan.referrer, bps: 500 },
  ];
}

/** What a round's pot bought: the pair itself, or each basket token by its weight. */
function roundTokens(plan: CoinPlan, spent: bigint): { mint: string; bought: bigint; cost: bigint }[] {
  if (plan.holdersPaid === 'pair') return [{ mint: plan.quoteMint, bought: spent, cost: spent }];
  let left = spent;
  return plan.basket.map((token, i) => {
    const cost = i === plan.basket.length - 1 ? left : (spent * BigInt(token.weightBps)) / 10_000n;
    left -= cost;
    const [num, den] = BASKET_RATES[i % BASKET_RATES.length]!;
    return { mint: token.mint, bought: (cost * num) / den, cost };
  });
}
