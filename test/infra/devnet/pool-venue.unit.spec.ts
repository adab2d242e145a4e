// The pool-venue program on the devnet: real signed transactions through a Bank. Launch pools with the
// creator's first buy and the locked split, exact-in swaps to the raw unit with referral and slippage,
// exact claims, the anti-sniper hook on a Token-2022 coin, market pools (fee kept in the reserves, no
// split), the CPI-only locked pool, with conservation and events read back from the logs.
import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import type { Ed25519KeyPair } from '../../../infra/crypto/ed25519.js';
import { rentExemptMinimum, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../infra/devnet/runtime/well-known.js';
import { associatedTokenAddress } from '../../../schemas/programs/associated-token.js';
import { COIN_TOTAL_SUPPLY, HOOK_ANTI_SNIPER } from '../../../schemas/programs/coin-rules.js';
import { buyExactIn, buyExactOut, referralShare, sellExactIn } from '../../../schemas/programs/curve-math.js';
import { divideFees } from '../../../schemas/programs/fee-split.js';
import { POOL_SIZE, poolReserves } from '../../../schemas/programs/pool-venue/accounts.js';
import {
  createMarketPoolInstruction,
  createPoolInstruction,
  poolClaimFeesInstruction,
  swapInstruction,
} from '../../../schemas/programs/pool-venue/builders.js';
import { DEFAULT_LAUNCH_VIRTUAL_QUOTE, PoolVenueError } from '../../../schemas/programs/pool-venue/constants.js';
import { encodePoolVenueInstruction } from '../../../schemas/programs/pool-venue/instructions.js';
import { poolAddresses } from '../../../schemas/programs/pool-venue/pdas.js';
import { NATIVE_MINT_ID } from '../../../schemas/programs/token-addresses.js';
import { customError, key, LaunchChain, REFERRAL_BPS, SOL } from './launch-fixture.js';

const LAUNCH_START = { quote: DEFAULT_LAUNCH_VIRTUAL_QUOTE, token: COIN_TOTAL_SUPPLY };
type CreateArgs = Parameters<typeof createPoolInstruction>[0]['args'];
const args = (over: Partial<CreateArgs> = {}): CreateArgs => ({
  name: 'Otter Laser',
  symbol: 'OTLAS',
  uri: 'https://example.test/otter.json',
  mode: 'holder',
  feeBps: 200,
  basket: [],
  recipients: [],
  buyBps: 0,
  maxQuoteIn: 0n,
  hooks: 0,
  ...over,
});

function createPool(chain: LaunchChain, creator: Ed25519KeyPair, mint: Ed25519KeyPair, over: Partial<CreateArgs> = {}) {
  return chain.send(
    [creator, mint],
    createPoolInstruction({ programId: chain.poolVenue, payer: creator.address, creator: creator.address, mint: mint.address, args: args(over) }),
  );
}

function swap(
  chain: LaunchChain,
  trader: Ed25519KeyPair,
  mint: Address,
  tokenProgram: Address,
  side: 'buy' | 'sell',
  amountIn: bigint,
  minOut: bigint,
  referrer?: Address,
) {
  return chain.send(
    [trader],
    swapInstruction({ programId: chain.poolVenue, trader: trader.address, mint, tokenProgram, referrer, args: { side, amountIn, minOut } }),
  );
}

describe('CreatePool', () => {
  it('launches a coin into a SOL pool with the creator first buy and the locked split', () => {
    // Arrange
    const chain = new LaunchChain();
    const creator = key('creator');
    const mint = key('mint-pool');
    chain.fund(creator.address);
    const before = chain.totalLamports();
    const tokens = (COIN_TOTAL_SUPPLY * 300n) / 10_000n;
    const q = buyExactOut(LAUNCH_START, tokens, 200);
    // Act
    const tx = createPool(chain, creator, mint, { mode: 'creator', buyBps: 300, maxQuoteIn: q.total, recipients: [{ wallet: creator.address, bps: 10_000 }] });
    // Assert
    expect(tx.meta.err).toBeNull();
    const p = poolAddresses(chain.poolVenue, mint.address, TOKEN_PROGRAM, NATIVE_MINT_ID, TOKEN_PROGRAM);
    expect(chain.mintState(mint.address)).toMatchObject({ mintAuthority: null, freezeAuthority: null, supply: COIN_TOTAL_SUPPLY, decimals: 6 });
    expect(chain.tokens(associatedTokenAddress(creator.address, mint.address, TOKEN_PROGRAM))).toBe(tokens);
    expect(chain.tokens(p.poolTokenVault)).toBe(COIN_TOTAL_SUPPLY - tokens);
    expect(chain.lamports(p.pool)).toBe(rentExemptMinimum(POOL_SIZE) + q.total);
    const pool = chain.pool(mint.address);
    expect(pool).toMatchObject({
      kind: 'launch',
      creator: creator.address,
      mode: 'creator',
      virtualQuote: DEFAULT_LAUNCH_VIRTUAL_QUOTE,
      tokenReserve: COIN_TOTAL_SUPPLY - tokens,
      quoteReserve: q.cost,
      accruedFees: q.fee,
      splitLocked: true,
      creatorRecipients: [{ wallet: creator.address, bps: 10_000 }],
    });
    expect(pool.split.map((s) => [s.role, s.wallet, s.bps])).toEqual([
      ['creator', chain.wallets.creatorVault, 7_000],
      ['service', chain.wallets.treasury, 1_200],
      ['ai-fund', chain.wallets.aiFund, 300],
      ['burn', chain.wallets.burnFund, 1_000],
      ['liquidity', chain.wallets.platformLiquidity, 500],
    ]);
    const events = chain.events(tx).poolVenue;
    expect(events.map((e) => e.name)).toEqual(['PoolCreated', 'FeeSplitLocked', 'Swap']);
    expect(events[0]!.data).toMatchObject({
      kind: 'launch',
      mint: mint.address,
      creator: creator.address,
      name: 'Otter Laser',
      tokenReserve: COIN_TOTAL_SUPPLY,
    });
    expect(events[2]!.data).toMatchObject({ side: 'buy', tokenAmount: tokens, quoteAmount: q.cost, fee: q.fee, trader: creator.address });
    expect(chain.totalLamports()).toBe(before - tx.meta.fee);
  });

  it('refuses bad settings with custom errors', () => {
    const chain = new LaunchChain();
    const creator = key('creator');
    chain.fund(creator.address);
    const attempt = (label: string, over: Partial<CreateArgs>) => customError(createPool(chain, creator, key(label), over));
    expect(attempt('bad-fee', { feeBps: 501 })).toBe(PoolVenueError.InvalidFeeBps);
    expect(attempt('bad-buy', { buyBps: 1_001, maxQuoteIn: 100n * SOL })).toBe(PoolVenueError.InvalidBuyBps);
    expect(attempt('bad-recipients', { mode: 'creator', recipients: [{ wallet: creator.address, bps: 9_000 }] })).toBe(PoolVenueError.InvalidRecipients);
    expect(attempt('bad-basket', { basket: [{ mint: chain.stablecoin, weightBps: 5_000 }] })).toBe(PoolVenueError.InvalidBasket);
    expect(attempt('dear-buy', { buyBps: 500, maxQuoteIn: 1n })).toBe(PoolVenueError.SlippageExceeded);
  });
});

describe('Swap and ClaimFees', () => {
  it('swaps exact in to the raw unit with referral, refuses slippage, and claims the split exactly', () => {
    // Arrange
    const chain = new LaunchChain();
    const creator = key('creator');
    const trader = key('trader');
    const referrer = key('referrer').address;
    const mint = key('mint-swaps');
    chain.fund(creator.address);
    chain.fund(trader.address);
    chain.fund(referrer, SOL);
    expect(createPool(chain, creator, mint).meta.err).toBeNull();
    chain.send([trader], chain.createAta(trader.address, trader.address, mint.address, TOKEN_PROGRAM));
    const before = chain.totalLamports();
    const fees0 = chain.feesPaid;
    let reserves = LAUNCH_START;
    let accrued = 0n;
    // Act and assert: buys and sells
    for (const spend of [SOL / 10n, 3n * SOL + 17n, 12_345n]) {
      const q = buyExactIn(reserves, spend, 200);
      const ref = referralShare(q.fee, REFERRAL_BPS);
      const traderBefore = chain.lamports(trader.address);
      const tx = swap(chain, trader, mint.address, TOKEN_PROGRAM, 'buy', spend, q.tokens, referrer);
      expect(tx.meta.err).toBeNull();
      expect(chain.lamports(trader.address)).toBe(traderBefore - spend - tx.meta.fee);
      expect(chain.events(tx).poolVenue[0]).toMatchObject({
        name: 'Swap',
        data: { side: 'buy', tokenAmount: q.tokens, quoteAmount: q.cost, fee: q.fee, referralFee: ref },
      });
      accrued += q.fee - ref;
      reserves = { quote: q.after.quote, token: q.after.token };
      const sellTokens = q.tokens / 2n;
      const s = sellExactIn(reserves, sellTokens, 200);
      const slipped = swap(chain, trader, mint.address, TOKEN_PROGRAM, 'sell', sellTokens, s.net + 1n);
      expect(customError(slipped)).toBe(PoolVenueError.SlippageExceeded);
      const sell = swap(chain, trader, mint.address, TOKEN_PROGRAM, 'sell', sellTokens, s.net, referrer);
      expect(sell.meta.err).toBeNull();
      accrued += s.fee - referralShare(s.fee, REFERRAL_BPS);
      reserves = s.after;
    }
    const pool = chain.pool(mint.address);
    expect(poolReserves(pool)).toEqual(reserves);
    expect(pool.accruedFees).toBe(accrued);
    // Act: claim (first to a wallet outside the split)
    const wrongWallets = chain.send(
      [trader],
      poolClaimFeesInstruction({ programId: chain.poolVenue, mint: mint.address, recipients: [trader.address, ...pool.split.slice(1).map((s) => s.wallet)] }),
    );
    const shares = divideFees(accrued, pool.split);
    const balances = shares.map((s) => chain.lamports(s.wallet));
    const claim = chain.send(
      [trader],
      poolClaimFeesInstruction({ programId: chain.poolVenue, mint: mint.address, recipients: pool.split.map((s) => s.wallet) }),
    );
    // Assert
    expect(customError(wrongWallets)).toBe(PoolVenueError.InvalidAccount);
    expect(claim.meta.err).toBeNull();
    for (const [i, s] of shares.entries()) expect(chain.lamports(s.wallet) - balances[i]!).toBe(s.amount);
    expect(chain.events(claim).poolVenue[0]).toMatchObject({ name: 'FeesClaimed', data: { total: accrued, shares } });
    expect(chain.pool(mint.address)).toMatchObject({ accruedFees: 0n, claimedFees: accrued });
    expect(
      customError(
        chain.send([trader], poolClaimFeesInstruction({ programId: chain.poolVenue, mint: mint.address, recipients: pool.split.map((s) => s.wallet) })),
      ),
    ).toBe(PoolVenueError.NothingToClaim);
    expect(chain.totalLamports()).toBe(before - (chain.feesPaid - fees0));
    expect(chain.tokenTotal(mint.address)).toBe(COIN_TOTAL_SUPPLY);
  });

  it('applies the anti-sniper hook on a Token-2022 launch pool until its window ends', () => {
    const chain = new LaunchChain();
    const creator = key('creator');
    const sniper = key('sniper');
    const mint = key('mint-hooked-pool');
    chain.fund(creator.address);
    chain.fund(sniper.address);
    expect(createPool(chain, creator, mint, { hooks: HOOK_ANTI_SNIPER, buyBps: 200, maxQuoteIn: 10n * SOL }).meta.err).toBeNull();
    expect(chain.bank.getAccount(mint.address)!.owner).toBe(TOKEN_2022_PROGRAM);
    chain.send([sniper], chain.createAta(sniper.address, sniper.address, mint.address, TOKEN_2022_PROGRAM));
    const big = swap(chain, sniper, mint.address, TOKEN_2022_PROGRAM, 'buy', 2n * SOL, 0n);
    const small = swap(chain, sniper, mint.address, TOKEN_2022_PROGRAM, 'buy', SOL / 10n, 0n);
    chain.advance(60);
    const later = swap(chain, sniper, mint.address, TOKEN_2022_PROGRAM, 'buy', 2n * SOL, 0n);
    expect(customError(big)).toBe(PoolVenueError.AntiSniperLimit);
    expect(small.meta.err).toBeNull();
    expect(later.meta.err).toBeNull();
    expect(chain.tokens(associatedTokenAddress(sniper.address, mint.address, TOKEN_2022_PROGRAM)) > COIN_TOTAL_SUPPLY / 100n).toBe(true);
  });
});

describe('market pools', () => {
  function marketPool(chain: LaunchChain) {
    const stable = chain.stablecoin;
    chain.mintStable(chain.admin.address, 5_000_000_000n);
    const tx = chain.send(
      [chain.admin],
      createMarketPoolInstruction({
        programId: chain.poolVenue,
        admin: chain.admin.address,
        mint: stable,
        tokenProgram: TOKEN_PROGRAM,
        args: { tokenAmount: 1_500_000_000n, quoteAmount: 10n * SOL, feeBps: 30 },
      }),
    );
    return tx;
  }

  it('creates a market pool by the admin, keeps swap fees in the reserves, and has no split to claim', () => {
    // Arrange
    const chain = new LaunchChain();
    const trader = key('trader');
    chain.fund(trader.address);
    // Act
    const created = marketPool(chain);
    chain.send([trader], chain.createAta(trader.address, trader.address, chain.stablecoin, TOKEN_PROGRAM));
    const q = buyExactIn({ quote: 10n * SOL, token: 1_500_000_000n }, SOL, 30);
    const buy = swap(chain, trader, chain.stablecoin, TOKEN_PROGRAM, 'buy', SOL, q.tokens);
    const claim = chain.send(
      [trader],
      poolClaimFeesInstruction({ programId: chain.poolVenue, mint: chain.stablecoin, recipients: Object.values(chain.wallets).slice(0, 5) }),
    );
    // Assert
    expect(created.meta.err).toBeNull();
    expect(chain.events(created).poolVenue.map((e) => e.name)).toEqual(['PoolCreated']);
    expect(buy.meta.err).toBeNull();
    const p = poolAddresses(chain.poolVenue, chain.stablecoin, TOKEN_PROGRAM, NATIVE_MINT_ID, TOKEN_PROGRAM);
    expect(chain.pool(chain.stablecoin)).toMatchObject({ kind: 'market', quoteReserve: 11n * SOL, tokenReserve: 1_500_000_000n - q.tokens, accruedFees: 0n });
    expect(chain.lamports(p.pool)).toBe(rentExemptMinimum(POOL_SIZE) + 11n * SOL);
    expect(chain.tokens(associatedTokenAddress(trader.address, chain.stablecoin, TOKEN_PROGRAM))).toBe(q.tokens);
    expect(customError(claim)).toBe(PoolVenueError.NoFeeSplit);
  });

  it('refuses a market pool from anyone but the admin', () => {
    const chain = new LaunchChain();
    const stranger = key('stranger');
    chain.fund(stranger.address);
    chain.mintStable(stranger.address, 1_000n);
    const tx = chain.send(
      [stranger],
      createMarketPoolInstruction({
        programId: chain.poolVenue,
        admin: stranger.address,
        mint: chain.stablecoin,
        tokenProgram: TOKEN_PROGRAM,
        args: { tokenAmount: 1_000n, quoteAmount: SOL, feeBps: 30 },
      }),
    );
    expect(customError(tx)).toBe(PoolVenueError.Unauthorized);
  });

  it('refuses CreateLockedPool outside a launchpad curve CPI', () => {
    const chain = new LaunchChain();
    const impostor = key('impostor');
    chain.fund(impostor.address);
    const mint = chain.stablecoin;
    const p = poolAddresses(chain.poolVenue, mint, TOKEN_PROGRAM, NATIVE_MINT_ID, TOKEN_PROGRAM);
    const role = (address: Address, writable: boolean, signer = false) => ({ address, role: (Number(writable) | (Number(signer) << 1)) as 0 | 1 | 2 | 3 });
    const tx = chain.send([impostor], {
      programAddress: chain.poolVenue,
      accounts: [
        role(impostor.address, true, true),
        role(impostor.address, false, true),
        role(p.pool, true),
        role(p.poolTokenVault, true),
        role(p.poolQuoteVault, true),
        role(mint, false),
        role(NATIVE_MINT_ID, false),
        role(TOKEN_PROGRAM, false),
        role(TOKEN_PROGRAM, false),
      ],
      data: encodePoolVenueInstruction({ kind: 'createLockedPool', args: { tokenAmount: 1n, quoteAmount: 1n } }),
    });
    expect(customError(tx)).toBe(PoolVenueError.NotLaunchpadCurve);
  });
});
