// The launchpad program on the devnet: real signed transactions through a Bank. Creation (SOL and
// stablecoin pairs, SPL Token and Token-2022), first buy, trades to the raw unit against curve-math,
// referral, slippage, anti-sniper, the locked split and exact claims, completion and graduation into
// a locked pool, with lamport and token conservation and the events read back from the logs.
import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import type { Ed25519KeyPair } from '../../../infra/crypto/ed25519.js';
import { rentExemptMinimum, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../infra/devnet/runtime/well-known.js';
import { associatedTokenAddress } from '../../../schemas/programs/associated-token.js';
import { COIN_TOTAL_SUPPLY, HOOK_ANTI_SNIPER } from '../../../schemas/programs/coin-rules.js';
import { buyExactIn, buyExactOut, referralShare, sellExactIn } from '../../../schemas/programs/curve-math.js';
import { divideFees } from '../../../schemas/programs/fee-split.js';
import { CURVE_SIZE } from '../../../schemas/programs/launchpad/accounts.js';
import {
  buyInstruction,
  claimFeesInstruction,
  createCoinInstruction,
  graduateInstruction,
  lockFeeSplitInstruction,
  sellInstruction,
} from '../../../schemas/programs/launchpad/builders.js';
import { SOL_CURVE, STABLECOIN_CURVE } from '../../../schemas/programs/launchpad/constants.js';
import { LaunchpadError } from '../../../schemas/programs/launchpad/errors.js';
import { curvePda } from '../../../schemas/programs/launchpad/pdas.js';
import { POOL_SIZE, poolReserves } from '../../../schemas/programs/pool-venue/accounts.js';
import { poolClaimFeesInstruction, swapInstruction } from '../../../schemas/programs/pool-venue/builders.js';
import { poolAddresses } from '../../../schemas/programs/pool-venue/pdas.js';
import { NATIVE_MINT_ID } from '../../../schemas/programs/token-addresses.js';
import { customError, key, LaunchChain, REFERRAL_BPS, SOL } from './launch-fixture.js';

const MILLION = 1_000_000_000_000n; // one million coins, raw units
const SOL_START = { quote: SOL_CURVE.initialVirtualQuote, token: SOL_CURVE.initialVirtualToken };
const args = (over: Partial<Parameters<typeof createCoinInstruction>[0]['args']> = {}) => ({
  name: 'Frog Moon',
  symbol: 'FROGM',
  uri: 'https://example.test/frog.json',
  mode: 'holder' as const,
  holdersPaid: 'pair' as const,
  basket: [],
  feeBps: 100,
  hooks: 0,
  ...over,
});

interface Launched {
  mint: Address;
  tokenProgram: Address;
  quoteMint: Address;
}

function launch(
  chain: LaunchChain,
  creator: Ed25519KeyPair,
  label: string,
  over: Parameters<typeof args>[0] = {},
  quoteMint: Address = NATIVE_MINT_ID,
): Launched {
  const mint = key(label);
  const a = args(over);
  const tx = chain.send(
    [creator, mint],
    createCoinInstruction({ programId: chain.launchpad, payer: creator.address, creator: creator.address, mint: mint.address, quoteMint, args: a }),
  );
  expect(tx.meta.err).toBeNull();
  return { mint: mint.address, tokenProgram: a.hooks ? TOKEN_2022_PROGRAM : TOKEN_PROGRAM, quoteMint };
}

function trade(chain: LaunchChain, coin: Launched, trader: Ed25519KeyPair) {
  return { programId: chain.launchpad, trader: trader.address, mint: coin.mint, tokenProgram: coin.tokenProgram, quoteMint: coin.quoteMint };
}

function withAta(chain: LaunchChain, coin: Launched, wallet: Ed25519KeyPair): void {
  expect(chain.send([wallet], chain.createAta(wallet.address, wallet.address, coin.mint, coin.tokenProgram)).meta.err).toBeNull();
}

describe('CreateCoin', () => {
  it('creates a sponsored SOL coin: fixed supply in the curve vault, authority revoked, curve written', () => {
    // Arrange
    const chain = new LaunchChain();
    const creator = key('creator');
    const sponsor = key('sponsor');
    const mint = key('mint-sponsored');
    chain.fund(creator.address);
    chain.fund(sponsor.address);
    const before = chain.totalLamports();
    // Act
    const tx = chain.send(
      [sponsor, creator, mint],
      createCoinInstruction({ programId: chain.launchpad, payer: sponsor.address, creator: creator.address, mint: mint.address, args: args() }),
    );
    // Assert
    expect(tx.meta.err).toBeNull();
    expect(chain.mintState(mint.address)).toEqual({ mintAuthority: null, supply: COIN_TOTAL_SUPPLY, decimals: 6, isInitialized: true, freezeAuthority: null });
    expect(chain.bank.getAccount(mint.address)!.owner).toBe(TOKEN_PROGRAM);
    const [curveAddress] = curvePda(chain.launchpad, mint.address);
    expect(chain.tokens(associatedTokenAddress(curveAddress, mint.address, TOKEN_PROGRAM))).toBe(COIN_TOTAL_SUPPLY);
    expect(chain.lamports(creator.address)).toBe(100n * SOL);
    expect(chain.lamports(curveAddress)).toBe(rentExemptMinimum(CURVE_SIZE));
    const curve = chain.curve(mint.address);
    expect(curve).toMatchObject({
      creator: creator.address,
      quoteMint: NATIVE_MINT_ID,
      tokenProgram: TOKEN_PROGRAM,
      quoteDecimals: 9,
      virtualQuote: SOL_CURVE.initialVirtualQuote,
      virtualToken: SOL_CURVE.initialVirtualToken,
      realQuote: 0n,
      realToken: SOL_CURVE.curveAllotment,
      accruedFees: 0n,
      launchSlot: BigInt(tx.slot),
      launchTimestamp: BigInt(tx.blockTime),
      splitLocked: false,
      complete: false,
      pool: null,
      referralBps: REFERRAL_BPS,
      antiSniperLimitBps: 0,
    });
    const [created] = chain.events(tx).launchpad;
    expect(created).toMatchObject({
      name: 'CoinCreated',
      data: { mint: mint.address, curve: curveAddress, creator: creator.address, payer: sponsor.address, name: 'Frog Moon', symbol: 'FROGM', feeBps: 100 },
    });
    expect(chain.totalLamports()).toBe(before - tx.meta.fee);
  });

  it('creates a Token-2022 coin with hooks paired with the stablecoin, with the curve quote vault', () => {
    const chain = new LaunchChain();
    const creator = key('creator');
    chain.fund(creator.address);
    const coin = launch(chain, creator, 'mint-2022', { hooks: HOOK_ANTI_SNIPER }, chain.stablecoin);
    const [curveAddress] = curvePda(chain.launchpad, coin.mint);
    expect(chain.bank.getAccount(coin.mint)!.owner).toBe(TOKEN_2022_PROGRAM);
    expect(chain.tokens(associatedTokenAddress(curveAddress, coin.mint, TOKEN_2022_PROGRAM))).toBe(COIN_TOTAL_SUPPLY);
    expect(chain.bank.getAccount(associatedTokenAddress(curveAddress, chain.stablecoin, TOKEN_PROGRAM))!.owner).toBe(TOKEN_PROGRAM);
    expect(chain.curve(coin.mint)).toMatchObject({
      virtualQuote: STABLECOIN_CURVE.initialVirtualQuote,
      quoteDecimals: 6,
      antiSniperLimitBps: 100,
      antiSniperWindowSeconds: 60,
    });
  });

  it('refuses bad settings with custom errors', () => {
    const chain = new LaunchChain();
    const creator = key('creator');
    chain.fund(creator.address);
    const attempt = (label: string, over: Parameters<typeof args>[0]) =>
      customError(
        chain.send(
          [creator, key(label)],
          createCoinInstruction({ programId: chain.launchpad, payer: creator.address, creator: creator.address, mint: key(label).address, args: args(over) }),
        ),
      );
    expect(attempt('bad-fee', { feeBps: 501 })).toBe(LaunchpadError.InvalidFeeBps);
    expect(attempt('bad-name', { name: '' })).toBe(LaunchpadError.InvalidMetadata);
    expect(attempt('bad-basket', { holdersPaid: 'basket' })).toBe(LaunchpadError.InvalidBasket);
    expect(attempt('bad-hooks', { hooks: 2 })).toBe(LaunchpadError.InvalidHooks);
  });
});

describe('Buy and Sell', () => {
  it('lands a first buy in the creation transaction, priced to the lamport', () => {
    // Arrange
    const chain = new LaunchChain();
    const creator = key('creator');
    const mint = key('mint-first-buy');
    chain.fund(creator.address);
    const tokens = 10n * MILLION;
    const expected = buyExactOut(SOL_START, tokens, 100);
    const before = chain.totalLamports();
    const coin = { mint: mint.address, tokenProgram: TOKEN_PROGRAM, quoteMint: NATIVE_MINT_ID };
    // Act
    const tx = chain.send(
      [creator, mint],
      createCoinInstruction({ programId: chain.launchpad, payer: creator.address, creator: creator.address, mint: mint.address, args: args() }),
      chain.createAta(creator.address, creator.address, mint.address, TOKEN_PROGRAM),
      buyInstruction({ ...trade(chain, coin, creator), args: { tokenAmount: tokens, maxQuoteIn: expected.total } }),
    );
    // Assert
    expect(tx.meta.err).toBeNull();
    const [curveAddress] = curvePda(chain.launchpad, mint.address);
    expect(chain.tokens(associatedTokenAddress(creator.address, mint.address, TOKEN_PROGRAM))).toBe(tokens);
    expect(chain.lamports(curveAddress)).toBe(rentExemptMinimum(CURVE_SIZE) + expected.total);
    expect(chain.curve(mint.address)).toMatchObject({
      virtualQuote: expected.after.quote,
      virtualToken: expected.after.token,
      realQuote: expected.cost,
      realToken: SOL_CURVE.curveAllotment - tokens,
      accruedFees: expected.fee,
    });
    const events = chain.events(tx).launchpad;
    expect(events.map((e) => e.name)).toEqual(['CoinCreated', 'Trade']);
    expect(events[1]!.data).toMatchObject({
      side: 'buy',
      trader: creator.address,
      tokenAmount: tokens,
      quoteAmount: expected.cost,
      fee: expected.fee,
      referralFee: 0n,
    });
    expect(chain.totalLamports()).toBe(before - tx.meta.fee);
  });

  it('buys and sells to the raw unit, pays the referrer its share of the fee, conserves lamports and coins', () => {
    // Arrange
    const chain = new LaunchChain();
    const creator = key('creator');
    const trader = key('trader');
    const referrer = key('referrer').address;
    chain.fund(creator.address);
    chain.fund(trader.address);
    chain.fund(referrer, SOL);
    const coin = launch(chain, creator, 'mint-trades');
    withAta(chain, coin, trader);
    const before = chain.totalLamports();
    const fees0 = chain.feesPaid;
    let reserves = SOL_START;
    let accrued = 0n;
    for (const [i, tokens] of [3n * MILLION, 25n * MILLION + 7n, 1n, 40n * MILLION + 12_345n].entries()) {
      // Act: buy
      const q = buyExactOut(reserves, tokens, 100);
      const ref = referralShare(q.fee, REFERRAL_BPS);
      const [traderBefore, referrerBefore] = [chain.lamports(trader.address), chain.lamports(referrer)];
      const buy = chain.send([trader], buyInstruction({ ...trade(chain, coin, trader), referrer, args: { tokenAmount: tokens, maxQuoteIn: q.total } }));
      // Assert
      expect(buy.meta.err).toBeNull();
      expect(chain.lamports(trader.address)).toBe(traderBefore - q.total - buy.meta.fee);
      expect(chain.lamports(referrer)).toBe(referrerBefore + ref);
      accrued += q.fee - ref;
      reserves = q.after;
      const [event] = chain.events(buy).launchpad;
      expect(event).toMatchObject({
        name: 'Trade',
        data: { side: 'buy', tokenAmount: tokens, fee: q.fee, referralFee: ref, referrer: ref > 0n ? referrer : null },
      });
      // Act: sell part back
      const sellTokens = tokens / 3n + BigInt(i);
      const s = sellExactIn(reserves, sellTokens, 100);
      const sref = referralShare(s.fee, REFERRAL_BPS);
      const traderMid = chain.lamports(trader.address);
      const sell = chain.send([trader], sellInstruction({ ...trade(chain, coin, trader), referrer, args: { tokenAmount: sellTokens, minQuoteOut: s.net } }));
      expect(sell.meta.err).toBeNull();
      expect(chain.lamports(trader.address)).toBe(traderMid + s.net - sell.meta.fee);
      accrued += s.fee - sref;
      reserves = s.after;
    }
    const curve = chain.curve(coin.mint);
    expect({ quote: curve.virtualQuote, token: curve.virtualToken }).toEqual(reserves);
    expect(curve.accruedFees).toBe(accrued);
    expect(chain.lamports(curvePda(chain.launchpad, coin.mint)[0])).toBe(rentExemptMinimum(CURVE_SIZE) + curve.realQuote + accrued);
    expect(chain.totalLamports()).toBe(before - (chain.feesPaid - fees0));
    expect(chain.tokenTotal(coin.mint)).toBe(COIN_TOTAL_SUPPLY);
  });

  it('fails a buy above maxQuoteIn and a sell below minQuoteOut, changing nothing', () => {
    const chain = new LaunchChain();
    const trader = key('trader');
    chain.fund(trader.address);
    const coin = launch(chain, trader, 'mint-slippage');
    withAta(chain, coin, trader);
    const q = buyExactOut(SOL_START, MILLION, 100);
    const tooLow = chain.send([trader], buyInstruction({ ...trade(chain, coin, trader), args: { tokenAmount: MILLION, maxQuoteIn: q.total - 1n } }));
    expect(customError(tooLow)).toBe(LaunchpadError.SlippageExceeded);
    expect(chain.curve(coin.mint).virtualQuote).toBe(SOL_START.quote);
    chain.send([trader], buyInstruction({ ...trade(chain, coin, trader), args: { tokenAmount: MILLION, maxQuoteIn: q.total } }));
    const s = sellExactIn(q.after, MILLION, 100);
    const greedy = chain.send([trader], sellInstruction({ ...trade(chain, coin, trader), args: { tokenAmount: MILLION, minQuoteOut: s.net + 1n } }));
    expect(customError(greedy)).toBe(LaunchpadError.SlippageExceeded);
  });

  it('trades a stablecoin pair through the curve quote vault', () => {
    const chain = new LaunchChain();
    const creator = key('creator');
    const trader = key('trader');
    chain.fund(creator.address);
    chain.fund(trader.address);
    const coin = launch(chain, creator, 'mint-stable', {}, chain.stablecoin);
    chain.mintStable(trader.address, 1_000_000_000n);
    withAta(chain, coin, trader);
    const start = { quote: STABLECOIN_CURVE.initialVirtualQuote, token: STABLECOIN_CURVE.initialVirtualToken };
    const q = buyExactOut(start, 50n * MILLION, 100);
    const buy = chain.send([trader], buyInstruction({ ...trade(chain, coin, trader), args: { tokenAmount: 50n * MILLION, maxQuoteIn: q.total } }));
    expect(buy.meta.err).toBeNull();
    const s = sellExactIn(q.after, 20n * MILLION, 100);
    expect(
      chain.send([trader], sellInstruction({ ...trade(chain, coin, trader), args: { tokenAmount: 20n * MILLION, minQuoteOut: s.net } })).meta.err,
    ).toBeNull();
    const vault = associatedTokenAddress(curvePda(chain.launchpad, coin.mint)[0], chain.stablecoin, TOKEN_PROGRAM);
    const curve = chain.curve(coin.mint);
    expect(curve.accruedFees).toBe(q.fee + s.fee);
    expect(chain.tokens(vault)).toBe(curve.realQuote + curve.accruedFees);
    expect(chain.tokens(associatedTokenAddress(trader.address, chain.stablecoin, TOKEN_PROGRAM))).toBe(1_000_000_000n - q.total + s.net);
    expect(chain.tokenTotal(chain.stablecoin)).toBe(1_000_000_000n);
  });
});

describe('anti-sniper hook', () => {
  it('rejects a buy above 1% of supply inside the window, accepts it after; the launch buy is exempt', () => {
    // Arrange
    const chain = new LaunchChain();
    const creator = key('creator');
    const sniper = key('sniper');
    const mint = key('mint-hooked');
    chain.fund(creator.address);
    chain.fund(sniper.address);
    const coin = { mint: mint.address, tokenProgram: TOKEN_2022_PROGRAM, quoteMint: NATIVE_MINT_ID };
    const limit = COIN_TOTAL_SUPPLY / 100n;
    const launchTx = chain.send(
      [creator, mint],
      createCoinInstruction({
        programId: chain.launchpad,
        payer: creator.address,
        creator: creator.address,
        mint: mint.address,
        args: args({ hooks: HOOK_ANTI_SNIPER }),
      }),
      chain.createAta(creator.address, creator.address, mint.address, TOKEN_2022_PROGRAM),
      buyInstruction({ ...trade(chain, coin, creator), args: { tokenAmount: 5n * limit, maxQuoteIn: 10n * SOL } }),
    );
    expect(launchTx.meta.err).toBeNull();
    withAta(chain, coin, sniper);
    // Act
    const over = chain.send([sniper], buyInstruction({ ...trade(chain, coin, sniper), args: { tokenAmount: limit + 1n, maxQuoteIn: 10n * SOL } }));
    const atLimit = chain.send([sniper], buyInstruction({ ...trade(chain, coin, sniper), args: { tokenAmount: limit, maxQuoteIn: 10n * SOL } }));
    chain.advance(60);
    const after = chain.send([sniper], buyInstruction({ ...trade(chain, coin, sniper), args: { tokenAmount: limit, maxQuoteIn: 10n * SOL } }));
    // Assert
    expect(customError(over)).toBe(LaunchpadError.AntiSniperLimit);
    expect(atLimit.meta.err).toBeNull();
    expect(after.meta.err).toBeNull();
    expect(chain.tokens(associatedTokenAddress(sniper.address, mint.address, TOKEN_2022_PROGRAM))).toBe(2n * limit);
  });
});

describe('fee split and claims', () => {
  it('locks the split once, by the creator only, and claims it exactly (70/12/3/10/5, remainder to holders)', () => {
    // Arrange
    const chain = new LaunchChain();
    const creator = key('creator');
    const trader = key('trader');
    const referrer = key('launch-referrer').address;
    chain.fund(creator.address);
    chain.fund(trader.address);
    chain.fund(referrer, SOL);
    const coin = launch(chain, creator, 'mint-split');
    withAta(chain, coin, trader);
    chain.send([trader], buyInstruction({ ...trade(chain, coin, trader), args: { tokenAmount: 123n * MILLION + 77n, maxQuoteIn: 50n * SOL } }));
    const claim = () => claimFeesInstruction({ programId: chain.launchpad, mint: coin.mint, recipients: chain.curve(coin.mint).split.map((s) => s.wallet) });
    const early = chain.send(
      [trader],
      claimFeesInstruction({ programId: chain.launchpad, mint: coin.mint, recipients: Object.values(chain.wallets).slice(0, 5) }),
    );
    const stranger = chain.send([trader], lockFeeSplitInstruction({ programId: chain.launchpad, creator: trader.address, mint: coin.mint, referrer }));
    // Act
    const lock = chain.send([creator], lockFeeSplitInstruction({ programId: chain.launchpad, creator: creator.address, mint: coin.mint, referrer }));
    const again = chain.send([creator], lockFeeSplitInstruction({ programId: chain.launchpad, creator: creator.address, mint: coin.mint, referrer: null }));
    const curve = chain.curve(coin.mint);
    const expected = divideFees(curve.accruedFees, curve.split);
    const wallets = expected.map((s) => s.wallet);
    const before = wallets.map((w) => chain.lamports(w));
    const claimTx = chain.send([trader], claim());
    // Assert
    expect(customError(early)).toBe(LaunchpadError.SplitNotLocked);
    expect(customError(stranger)).toBe(LaunchpadError.Unauthorized);
    expect(lock.meta.err).toBeNull();
    expect(customError(again)).toBe(LaunchpadError.SplitAlreadyLocked);
    expect(curve.split.map((s) => [s.role, s.wallet, s.bps])).toEqual([
      ['holders', chain.wallets.rewardsVault, 7_000],
      ['service', chain.wallets.treasury, 1_200],
      ['ai-fund', chain.wallets.aiFund, 300],
      ['burn', chain.wallets.burnFund, 1_000],
      ['referrer', referrer, 500],
    ]);
    expect(chain.events(lock).launchpad[0]).toMatchObject({ name: 'FeeSplitLocked', data: { referrer, recipients: curve.split } });
    expect(claimTx.meta.err).toBeNull();
    for (const [i, w] of wallets.entries()) expect(chain.lamports(w) - before[i]!).toBe(expected[i]!.amount);
    expect(expected.reduce((sum, s) => sum + s.amount, 0n)).toBe(curve.accruedFees);
    expect(expected[1]!.amount).toBe((curve.accruedFees * 1_200n) / 10_000n);
    expect(chain.events(claimTx).launchpad[0]).toMatchObject({ name: 'FeesClaimed', data: { total: curve.accruedFees, shares: expected } });
    expect(chain.curve(coin.mint)).toMatchObject({ accruedFees: 0n, claimedFees: curve.accruedFees });
    expect(customError(chain.send([trader], claim()))).toBe(LaunchpadError.NothingToClaim);
  });

  it('claims stablecoin fees into the service wallets token accounts', () => {
    const chain = new LaunchChain();
    const creator = key('creator');
    chain.fund(creator.address);
    const coin = launch(chain, creator, 'mint-stable-claim', { mode: 'creator' }, chain.stablecoin);
    chain.mintStable(creator.address, 10_000_000_000n);
    withAta(chain, coin, creator);
    chain.send([creator], buyInstruction({ ...trade(chain, coin, creator), args: { tokenAmount: 200n * MILLION, maxQuoteIn: 10_000_000_000n } }));
    chain.send([creator], lockFeeSplitInstruction({ programId: chain.launchpad, creator: creator.address, mint: coin.mint, referrer: null }));
    const curve = chain.curve(coin.mint);
    const expected = divideFees(curve.accruedFees, curve.split);
    const tx = chain.send(
      [creator],
      claimFeesInstruction({ programId: chain.launchpad, mint: coin.mint, quoteMint: chain.stablecoin, recipients: curve.split.map((s) => s.wallet) }),
    );
    expect(tx.meta.err).toBeNull();
    expect(expected.map((s) => s.role)).toEqual(['creator', 'service', 'ai-fund', 'burn', 'liquidity']);
    for (const share of expected) expect(chain.tokens(associatedTokenAddress(share.wallet, chain.stablecoin, TOKEN_PROGRAM))).toBe(share.amount);
  });
});

describe('completion and graduation', () => {
  const creator = key('creator');
  const whale = key('whale');
  function fundActors(chain: LaunchChain): void {
    chain.fund(creator.address);
    chain.fund(whale.address, 500n * SOL);
  }

  /** Launch a coin and buy its whole allotment in one (capped) buy. */
  function completeCurve(chain: LaunchChain, quoteMint: Address, label: string) {
    const coin = launch(chain, creator, label, {}, quoteMint);
    if (quoteMint !== NATIVE_MINT_ID) chain.mintStable(whale.address, 100_000_000_000n);
    withAta(chain, coin, whale);
    const buy = chain.send([whale], buyInstruction({ ...trade(chain, coin, whale), args: { tokenAmount: COIN_TOTAL_SUPPLY, maxQuoteIn: 100_000_000_000n } }));
    return { coin, buy };
  }

  it('completes the curve at the allotment, refuses trades, then graduates into a locked pool that trades', () => {
    // Arrange
    const chain = new LaunchChain();
    const keeper = key('keeper');
    chain.fund(keeper.address);
    fundActors(chain);
    const before = chain.totalLamports();
    const fees0 = chain.feesPaid;
    const { coin, buy } = completeCurve(chain, NATIVE_MINT_ID, 'mint-graduate');
    const graduate = () =>
      graduateInstruction({
        programId: chain.launchpad,
        poolVenueProgramId: chain.poolVenue,
        payer: keeper.address,
        mint: coin.mint,
        tokenProgram: TOKEN_PROGRAM,
      });
    // Act
    const expectedBuy = buyExactOut(SOL_START, SOL_CURVE.curveAllotment, 100);
    const moreBuy = chain.send([whale], buyInstruction({ ...trade(chain, coin, whale), args: { tokenAmount: 1n, maxQuoteIn: SOL } }));
    const sell = chain.send([whale], sellInstruction({ ...trade(chain, coin, whale), args: { tokenAmount: MILLION, minQuoteOut: 0n } }));
    const grad = chain.send([keeper], graduate());
    const twice = chain.send([keeper], graduate());
    // Assert: completion
    expect(buy.meta.err).toBeNull();
    expect(chain.events(buy).launchpad.map((e) => e.name)).toEqual(['Trade', 'CurveCompleted']);
    expect(chain.tokens(associatedTokenAddress(whale.address, coin.mint, TOKEN_PROGRAM))).toBe(SOL_CURVE.curveAllotment);
    expect(customError(moreBuy)).toBe(LaunchpadError.CurveComplete);
    expect(customError(sell)).toBe(LaunchpadError.CurveComplete);
    // Assert: graduation
    expect(grad.meta.err).toBeNull();
    expect(customError(twice)).toBe(LaunchpadError.AlreadyGraduated);
    const p = poolAddresses(chain.poolVenue, coin.mint, TOKEN_PROGRAM, NATIVE_MINT_ID, TOKEN_PROGRAM);
    const [curveAddress] = curvePda(chain.launchpad, coin.mint);
    const reserveTokens = COIN_TOTAL_SUPPLY - SOL_CURVE.curveAllotment;
    const pool = chain.pool(coin.mint);
    expect(pool).toMatchObject({
      kind: 'graduated',
      tokenReserve: reserveTokens,
      quoteReserve: expectedBuy.cost,
      virtualQuote: 0n,
      feeBps: 100,
      curve: curveAddress,
      splitLocked: true,
    });
    expect(pool.split[4]!.role).toBe('liquidity');
    expect(chain.tokens(p.poolTokenVault)).toBe(reserveTokens);
    expect(chain.tokens(associatedTokenAddress(curveAddress, coin.mint, TOKEN_PROGRAM))).toBe(0n);
    expect(chain.lamports(p.pool)).toBe(rentExemptMinimum(POOL_SIZE) + expectedBuy.cost);
    expect(chain.lamports(curveAddress)).toBe(rentExemptMinimum(CURVE_SIZE) + expectedBuy.fee);
    expect(chain.curve(coin.mint)).toMatchObject({ pool: p.pool, realQuote: 0n, splitLocked: true });
    const events = chain.events(grad);
    expect(events.launchpad.map((e) => e.name)).toEqual(['FeeSplitLocked', 'Graduated']);
    expect(events.launchpad[1]!.data).toMatchObject({ pool: p.pool, tokenAmount: reserveTokens, quoteAmount: expectedBuy.cost });
    expect(events.poolVenue[0]).toMatchObject({ name: 'PoolCreated', data: { kind: 'graduated', pool: p.pool, tokenReserve: reserveTokens } });

    // Act: trade on the graduated pool, then claim its fees
    const q = buyExactIn(poolReserves(pool), 2n * SOL, 100);
    const swap = chain.send(
      [whale],
      swapInstruction({
        programId: chain.poolVenue,
        trader: whale.address,
        mint: coin.mint,
        tokenProgram: TOKEN_PROGRAM,
        args: { side: 'buy', amountIn: 2n * SOL, minOut: q.tokens },
      }),
    );
    expect(swap.meta.err).toBeNull();
    expect(chain.pool(coin.mint)).toMatchObject({ tokenReserve: reserveTokens - q.tokens, quoteReserve: expectedBuy.cost + q.cost, accruedFees: q.fee });
    const claim = chain.send([keeper], poolClaimFeesInstruction({ programId: chain.poolVenue, mint: coin.mint, recipients: pool.split.map((s) => s.wallet) }));
    expect(claim.meta.err).toBeNull();
    expect(chain.events(claim).poolVenue[0]).toMatchObject({ name: 'FeesClaimed', data: { total: q.fee, shares: divideFees(q.fee, pool.split) } });
    // Conservation over the whole story.
    expect(chain.totalLamports()).toBe(before - (chain.feesPaid - fees0));
    expect(chain.tokenTotal(coin.mint)).toBe(COIN_TOTAL_SUPPLY);
  });

  it('refuses to graduate an incomplete curve', () => {
    const chain = new LaunchChain();
    fundActors(chain);
    const coin = launch(chain, creator, 'mint-early');
    const tx = chain.send(
      [creator],
      graduateInstruction({
        programId: chain.launchpad,
        poolVenueProgramId: chain.poolVenue,
        payer: creator.address,
        mint: coin.mint,
        tokenProgram: TOKEN_PROGRAM,
      }),
    );
    expect(customError(tx)).toBe(LaunchpadError.CurveNotComplete);
  });

  it('graduates a stablecoin pair into a pre-funded pool address, moving the quote into the pool quote vault', () => {
    const chain = new LaunchChain();
    fundActors(chain);
    const { coin, buy } = completeCurve(chain, chain.stablecoin, 'mint-stable-graduate');
    expect(buy.meta.err).toBeNull();
    const realQuote = chain.curve(coin.mint).realQuote;
    const keeper = key('keeper');
    chain.fund(keeper.address);
    // Someone sends lamports to the predictable pool address first: graduation must still work.
    chain.fund(poolAddresses(chain.poolVenue, coin.mint, TOKEN_PROGRAM, chain.stablecoin, TOKEN_PROGRAM).pool, 1_000n);
    const tx = chain.send(
      [keeper],
      graduateInstruction({
        programId: chain.launchpad,
        poolVenueProgramId: chain.poolVenue,
        payer: keeper.address,
        mint: coin.mint,
        tokenProgram: TOKEN_PROGRAM,
        quoteMint: chain.stablecoin,
      }),
    );
    expect(tx.meta.err).toBeNull();
    const p = poolAddresses(chain.poolVenue, coin.mint, TOKEN_PROGRAM, chain.stablecoin, TOKEN_PROGRAM);
    expect(chain.tokens(p.poolQuoteVault)).toBe(realQuote);
    expect(chain.pool(coin.mint, chain.stablecoin)).toMatchObject({ kind: 'graduated', quoteReserve: realQuote, quoteDecimals: 6 });
    expect(chain.tokenTotal(chain.stablecoin)).toBe(100_000_000_000n);
  });
});
