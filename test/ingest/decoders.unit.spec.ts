// Decoders from fixture transactions of a manual-mode devnet: arrange (a seeded simulator run that shows
// every activity, plus explicit actions), act (decode the raw-tx form of each landed transaction), assert
// (events against the transaction's own effects and the simulator's log, to the raw unit; balances
// against the devnet's ground truth).
import { createNoopSigner, type Address } from '@solana/kit';
import { getCreateAssociatedTokenIdempotentInstruction, getMintToInstruction, getTransferCheckedInstruction } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELL_KNOWN_KEYS } from '../../infra/devnet/genesis/well-known-keys.js';
import { buyInstructions, marketOf } from '../../infra/devnet/simulator/market-ops.js';
import { SWAP_REFERRER } from '../../infra/devnet/simulator/activities/trading.js';
import { decodeContext, decodeTransaction, eventKey, txView } from '../../ingest/decoders/index.js';
import { swapReferralDraft } from '../../ingest/decoders/shared/swap-referral.js';
import { KnownCoins } from '../../ingest/known-coins/known-coins.js';
import { parseEventId, safeParseEvent } from '../../schemas/events/index.js';
import { COIN_TOTAL_SUPPLY } from '../../schemas/programs/coin-rules.js';
import { encodeKeeperMemo } from '../../schemas/programs/keeper-memo.js';
import { referralShare } from '../../schemas/programs/curve-math.js';
import { DEFAULT_REFERRAL_BPS, SOL_CURVE, STABLECOIN_CURVE } from '../../schemas/programs/launchpad/constants.js';
import { curvePda } from '../../schemas/programs/launchpad/pdas.js';
import { DEFAULT_LAUNCH_VIRTUAL_QUOTE } from '../../schemas/programs/pool-venue/constants.js';
import { poolPda } from '../../schemas/programs/pool-venue/pdas.js';
import { NATIVE_MINT_ID, SYSTEM_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../../schemas/programs/token-addresses.js';
import { associatedTokenAddress } from '../../schemas/programs/associated-token.js';
import { act } from '../../infra/devnet/actions.js';
import { CONFIG, memoInstruction, plainTransfer, rawOf, simWallet } from './chain-fixture.js';
import { asAddress, decodeAll, decodedRun, detail, type DecodedRun } from './decoded-run.js';
import { feeOf, lamportDelta, postLamports, rentOfNewAccounts, tokenDelta } from './tx-effects.js';

const SEED = 21;
const { launchpad, poolVenue } = CONFIG.programs;
let run: DecodedRun;

beforeAll(async () => {
  run = await decodedRun(SEED, 140);
});
afterAll(async () => {
  await run.devnet.stop();
});

const coinOf = (mint: string) => run.devnet.simulator!.state.coins.find((coin) => coin.mint === mint)!;
const raw = (signature: string | null) => run.rawBySignature.get(signature!)!;

describe('every decoded event', () => {
  it('passes its zod schema, has a unique id built from its signature, and a coin-events key', () => {
    expect(run.invalid).toEqual([]);
    expect(run.events.length).toBeGreaterThan(1_000);
    expect(new Set(run.events.map((e) => e.id)).size).toBe(run.events.length);
    for (const event of run.events) {
      expect(parseEventId(event.id).signature).toBe(event.signature);
      expect(event.slot).toBe(raw(event.signature).slot);
      expect(event.blockTime).toBe(raw(event.signature).blockTime);
      const key = eventKey(event);
      if (['fund.balance', 'platform.burned', 'price.updated'].includes(event.type)) expect(key).toBe('platform');
      else expect(key).toBe((event.data as { mint: string }).mint);
    }
    expect(new Set(run.events.map((e) => e.type))).toEqual(
      new Set([
        'coin.launched',
        'coin.fee_split_locked',
        'trade',
        'token.balance_changed',
        'coin.graduated',
        'fees.claimed',
        'revenue',
        'payout.round',
        'payout.sent',
        'creator.sent',
        'platform.burned',
        'price.updated',
        'fund.balance',
      ]),
    );
  });

  it('coin.launched keeps its optional bonding fields backward compatible', () => {
    const [curveLaunch] = run.eventsOf('coin.launched').filter((e) => e.data.route === 'launchpad');
    const [poolLaunch] = run.eventsOf('coin.launched').filter((e) => e.data.route === 'pool-venue');
    const { curveAllotment: _allotment, initialReserves: _reserves, ...older } = curveLaunch!.data;
    expect(safeParseEvent({ ...curveLaunch, data: older }).success).toBe(true);
    const misplaced = safeParseEvent({ ...poolLaunch, data: { ...poolLaunch!.data, curveAllotment: '1' } });
    expect(misplaced.success || misplaced.error.message).toContain('curveAllotment is only set on the launchpad route');
  });

  it('is the same, id for id, when the raw-tx log is decoded again', () => {
    const again = decodeAll(run.raws, decodeContext(CONFIG, new KnownCoins()));
    expect(JSON.stringify(again.events)).toBe(JSON.stringify(run.events));
  });
});

describe('launchpad and pool venue', () => {
  it('coin.launched for every launch, with what was fixed at launch and the bonding-progress figures', () => {
    const launches = run.actions('launch');
    expect(run.eventsOf('coin.launched')).toHaveLength(launches.length);
    for (const action of launches) {
      const [event] = run.eventsOf('coin.launched', action.signature);
      const coin = coinOf(detail(action, 'mint'));
      const creator = simWallet(SEED, coin.creator).address;
      expect(event!.data).toMatchObject({
        mint: coin.mint,
        route: coin.route,
        creator,
        quoteMint: coin.quoteMint,
        mode: coin.mode,
        holdersPaid: coin.holdersPaid,
        basket: coin.basket,
        hooks: coin.hooks,
        tokenProgram: coin.tokenProgram === TOKEN_2022_PROGRAM_ID ? 'token-2022' : 'spl',
        totalSupply: COIN_TOTAL_SUPPLY.toString(),
        antiSniper: coin.hooks.length ? { limitBps: 100, windowSeconds: 60 } : null,
      });
      if (coin.route === 'launchpad') {
        const shape = coin.quoteMint === NATIVE_MINT_ID ? SOL_CURVE : STABLECOIN_CURVE;
        expect(event!.data).toMatchObject({
          curve: curvePda(launchpad, coin.mint)[0],
          pool: null,
          payer: action.detail.sponsored ? WELL_KNOWN_KEYS.sponsor.address : creator,
          curveAllotment: shape.curveAllotment.toString(),
          initialReserves: { coin: shape.initialVirtualToken.toString(), quote: shape.initialVirtualQuote.toString() },
        });
      } else {
        const recipients = coin.recipients.length ? coin.recipients : coin.mode === 'creator' ? [{ wallet: creator, bps: 10_000 }] : [];
        expect(event!.data).toMatchObject({
          curve: null,
          pool: poolPda(poolVenue, coin.mint, NATIVE_MINT_ID)[0],
          creatorRecipients: recipients,
          initialReserves: { coin: COIN_TOTAL_SUPPLY.toString(), quote: DEFAULT_LAUNCH_VIRTUAL_QUOTE.toString() },
        });
        expect(event!.data.curveAllotment).toBeUndefined();
        expect(run.eventsOf('coin.fee_split_locked', action.signature).map((e) => e.id)).toEqual([`${action.signature}:0:fee-split`]);
      }
      expect(event!.data.untrusted.uri).toBe(`https://launchtape.example/meta/${coin.mint}.json`);
    }
  });

  it('coin.fee_split_locked for every split the creator locked, with its referrer', () => {
    expect(run.actions('lock-split').length).toBeGreaterThan(0);
    for (const action of run.actions('lock-split')) {
      const [event] = run.eventsOf('coin.fee_split_locked', action.signature);
      expect(event!.data.mint).toBe(detail(action, 'mint'));
      expect(event!.data.referrer).toBe(action.detail.referrer);
      const modeRole = coinOf(detail(action, 'mint')).mode === 'holder' ? 'holders' : 'creator';
      expect(event!.data.recipients.map((r) => r.role)).toEqual([modeRole, 'service', 'ai-fund', 'burn', action.detail.referrer ? 'referrer' : 'liquidity']);
      expect(event!.data.recipients.reduce((sum, r) => sum + r.bps, 0)).toBe(10_000);
    }
  });

  it('one trade per buy and sell, its trader the wallet whose coins moved, amounts equal to the balance changes', () => {
    const kinds = ['buy', 'sell', 'snipe', 'bundle-buy', 'wash'] as const;
    const actions = kinds.flatMap((kind) => run.actions(kind));
    expect(actions.length).toBeGreaterThan(300);
    for (const action of actions) {
      const trades = run.eventsOf('trade', action.signature);
      expect(trades).toHaveLength(1);
      const { data } = trades[0]!;
      const tx = raw(action.signature);
      const trader = detail(action, 'wallet');
      const side = action.kind === 'sell' || action.detail.side === 'sell' ? 'sell' : 'buy';
      expect(data).toMatchObject({ mint: detail(action, 'mint'), trader, side });
      const coins = BigInt(data.coinAmount);
      const quote = BigInt(data.quoteAmount);
      const fee = BigInt(data.feeAmount);
      expect(tokenDelta(tx, trader, data.mint)).toBe(side === 'buy' ? coins : -coins);
      if (side === 'sell') expect(data.coinAmount).toBe(detail(action, 'coinAmount'));
      if (side === 'buy' && data.venue === 'pool') expect(quote + fee).toBe(BigInt(detail(action, 'quoteIn')));
      const paid = side === 'buy' ? -(quote + fee) : quote - fee;
      if (data.quoteMint === NATIVE_MINT_ID) expect(lamportDelta(tx, trader) + feeOf(tx, trader) + rentOfNewAccounts(tx, trader)).toBe(paid);
      else expect(tokenDelta(tx, trader, data.quoteMint)).toBe(paid);
      expect(data.market).toBe(
        data.venue === 'curve' ? curvePda(launchpad, asAddress(data.mint))[0] : poolPda(poolVenue, asAddress(data.mint), asAddress(data.quoteMint))[0],
      );
    }
  });

  it('a pool launch with a first buy is also a trade, by the creator', () => {
    const firstBuys = run.actions('launch').filter((a) => a.detail.route === 'pool-venue' && Number(a.detail.buyBps) > 0);
    expect(firstBuys.length).toBeGreaterThan(0);
    for (const action of firstBuys) {
      const [trade] = run.eventsOf('trade', action.signature);
      expect(trade!.id).toBe(`${action.signature}:0:trade`);
      expect(trade!.data.trader).toBe(simWallet(SEED, coinOf(detail(action, 'mint')).creator).address);
      expect(trade!.data.coinAmount).toBe(((COIN_TOTAL_SUPPLY * BigInt(detail(action, 'buyBps'))) / 10_000n).toString());
    }
  });

  it('coin.graduated with what moved from the curve into the pool', () => {
    const graduations = run.actions('graduate');
    expect(graduations.length).toBeGreaterThan(0);
    for (const action of graduations) {
      const mint = asAddress(detail(action, 'mint'));
      const [event] = run.eventsOf('coin.graduated', action.signature);
      const pool = poolPda(poolVenue, mint, asAddress(coinOf(mint).quoteMint))[0];
      expect(event!.data).toMatchObject({ mint, curve: curvePda(launchpad, mint)[0], pool });
      const balances = run.eventsOf('token.balance_changed', action.signature);
      expect(balances.find((b) => b.data.owner === pool)!.data.delta).toBe(event!.data.coinAmount);
      expect(balances.find((b) => b.data.owner === event!.data.curve)!.data.delta).toBe(`-${event!.data.coinAmount}`);
    }
  });

  it('fees.claimed with shares paid as the chain paid them, the service share as revenue, fund balances after', () => {
    const claims = run.actions('claim-fees');
    expect(claims.length).toBeGreaterThan(0);
    for (const action of claims) {
      const tx = raw(action.signature);
      const [claim] = run.eventsOf('fees.claimed', action.signature);
      expect(claim!.data).toMatchObject({ mint: detail(action, 'mint'), total: detail(action, 'accrued') });
      const sol = claim!.data.quoteMint === NATIVE_MINT_ID;
      for (const share of claim!.data.shares) {
        const received = sol ? lamportDelta(tx, share.wallet) : tokenDelta(tx, share.wallet, claim!.data.quoteMint);
        expect(received).toBe(BigInt(share.amount));
      }
      const service = claim!.data.shares.find((s) => s.role === 'service')!;
      const [revenue] = run.eventsOf('revenue', action.signature);
      expect(revenue!.data).toEqual({
        kind: 'fee-share',
        amount: service.amount,
        unit: sol ? 'lamports' : 'quote',
        mint: claim!.data.mint,
        quoteMint: sol ? null : claim!.data.quoteMint,
      });
      const funds = run.eventsOf('fund.balance', action.signature);
      if (sol && service.amount !== '0')
        expect(funds.find((f) => f.data.fund === 'platform-share')!.data.lamports).toBe(postLamports(tx, CONFIG.wallets.treasury));
      for (const fund of funds) expect(fund.data.lamports).toBe(postLamports(tx, fund.data.wallet));
    }
  });
});

describe('swap referrals', () => {
  const treasury = CONFIG.wallets.treasury;
  const referred = () => (['buy', 'sell'] as const).flatMap((kind) => run.actions(kind)).filter((a) => a.detail.referrer !== undefined);
  const referralRevenue = () => run.eventsOf('revenue').filter((e) => e.data.kind === 'swap-referral');

  it('the simulated swap front end names the wallet the decoders count as the service referrer', () => {
    expect(SWAP_REFERRER).toBe(treasury);
  });

  it('a SOL trade the service referred is also revenue: the referral fee the chain paid the treasury, beside the trade', () => {
    const sol = referred().filter((a) => coinOf(detail(a, 'mint')).quoteMint === NATIVE_MINT_ID);
    expect(sol.length).toBeGreaterThan(20);
    const venues = new Set<string>();
    for (const action of sol) {
      expect(action.detail.referrer).toBe(treasury);
      const tx = raw(action.signature);
      const [trade] = run.eventsOf('trade', action.signature);
      venues.add(trade!.data.venue);
      const paid = lamportDelta(tx, treasury);
      expect(paid).toBeGreaterThan(0n);
      expect(trade!.data).toMatchObject({ referrer: treasury, referralFee: paid.toString() });
      expect(paid).toBe(referralShare(BigInt(trade!.data.feeAmount), DEFAULT_REFERRAL_BPS));
      const revenue = run.eventsOf('revenue', action.signature);
      expect(revenue.map((e) => e.id)).toEqual([`${trade!.id}:swap-referral`]);
      expect(revenue[0]!.data).toEqual({ kind: 'swap-referral', amount: paid.toString(), unit: 'lamports', mint: trade!.data.mint, quoteMint: null });
      expect(eventKey(revenue[0]!)).toBe(trade!.data.mint);
      const [fund] = run.eventsOf('fund.balance', action.signature).filter((f) => f.data.wallet === treasury);
      expect(fund!.data).toMatchObject({ fund: 'platform-share', lamports: postLamports(tx, treasury) });
    }
    expect(venues).toEqual(new Set(['curve', 'pool']));
    expect(
      referralRevenue()
        .map((e) => e.signature)
        .sort(),
    ).toEqual(sol.map((a) => a.signature).sort());
  });

  it("gives a referral paid in another quote token in that token's raw units", () => {
    const action = referred().find((a) => coinOf(detail(a, 'mint')).quoteMint === NATIVE_MINT_ID)!;
    const tx = txView(raw(action.signature));
    const [trade] = run.eventsOf('trade', action.signature);
    const { index, inner } = parseEventId(trade!.id) as { index: number; inner: number | null };
    const ix = tx.invocations.find((i) => i.path.index === index && (i.path.inner ?? null) === inner)!;
    const stable = CONFIG.mints.stablecoin;
    const draft = swapReferralDraft(tx, run.ctx, ix, { ...trade!.data, quoteMint: stable, referralFee: '7' });
    expect(draft).toMatchObject({
      id: `${trade!.id}:swap-referral`,
      data: { kind: 'swap-referral', amount: '7', unit: 'quote', mint: trade!.data.mint, quoteMint: stable },
    });
    expect(safeParseEvent(draft).success).toBe(true);
    expect(swapReferralDraft(tx, run.ctx, ix, { ...trade!.data, referrer: CONFIG.wallets.keeper })).toBeNull();
  });
});

describe('token balances', () => {
  it('a wallet-to-wallet transfer of a coin is two balance changes and nothing else', () => {
    const transfers = run.actions('transfer');
    expect(transfers.length).toBeGreaterThan(0);
    for (const action of transfers) {
      const events = run.eventsOf('token.balance_changed', action.signature);
      const amount = detail(action, 'amount');
      expect(events.map((e) => [e.data.owner, e.data.delta, e.data.mint])).toEqual(
        expect.arrayContaining([
          [detail(action, 'from'), `-${amount}`, detail(action, 'mint')],
          [detail(action, 'to'), amount, detail(action, 'mint')],
        ]),
      );
      expect(events).toHaveLength(2);
      expect(run.events.filter((e) => e.signature === action.signature && e.type !== 'token.balance_changed')).toEqual([]);
    }
  });

  it('fold into every coin holder balance the devnet knows (ground truth)', () => {
    const latest = new Map<string, { owner: string; mint: string; post: bigint }>();
    for (const { data } of run.eventsOf('token.balance_changed'))
      latest.set(data.tokenAccount, { owner: data.owner, mint: data.mint, post: BigInt(data.post) });
    const folded = new Map<string, bigint>();
    for (const { owner, mint, post } of latest.values()) folded.set(`${mint}|${owner}`, (folded.get(`${mint}|${owner}`) ?? 0n) + post);
    let holders = 0;
    for (const coin of run.devnet.simulator!.state.coins) {
      for (const [owner, amount] of run.devnet.truth!.holdersAt(coin.mint, run.lastSlot)) {
        expect(folded.get(`${coin.mint}|${owner}`), `${coin.mint} ${owner}`).toBe(amount);
        holders++;
      }
    }
    expect([...folded.values()].filter((amount) => amount > 0n)).toHaveLength(holders);
  });

  it('leave out tokens that are not coins of the service (listed tokens, the stablecoin)', () => {
    const coins = new Set(run.devnet.simulator!.state.coins.map((coin) => coin.mint));
    expect(run.eventsOf('token.balance_changed').every((e) => coins.has(e.data.mint))).toBe(true);
    for (const action of run.actions('fund')) expect(run.eventsOf('token.balance_changed', action.signature)).toEqual([]);
  });
});

describe('keeper memos', () => {
  it('payout.round from the round memo, with what the pot bought', () => {
    const rounds = run.actions('payout-round');
    expect(rounds.length).toBeGreaterThan(0);
    for (const action of rounds) {
      const tx = raw(action.signature);
      const [event] = run.eventsOf('payout.round', action.signature);
      const coin = coinOf(detail(action, 'mint'));
      expect(event!.data).toMatchObject({
        mint: coin.mint,
        round: Number(detail(action, 'round')),
        snapshotSlot: Number(detail(action, 'snapshotSlot')),
        baselineSlot: Number(detail(action, 'baselineSlot')),
        potSpent: detail(action, 'pot'),
      });
      const pot = BigInt(detail(action, 'pot'));
      if (event!.data.paidIn === 'pair') expect(event!.data.tokens).toEqual([{ mint: coin.quoteMint, bought: pot.toString(), cost: pot.toString() }]);
      else {
        expect(event!.data.tokens.map((t) => t.mint)).toEqual(coin.basket.map((b) => b.mint));
        for (const [i, token] of event!.data.tokens.entries()) {
          expect(BigInt(token.cost)).toBe((pot * BigInt(coin.basket[i]!.weightBps)) / 10_000n);
          expect(tokenDelta(tx, CONFIG.wallets.rewardsVault, token.mint)).toBe(BigInt(token.bought));
        }
      }
    }
  });

  it('payout.sent for every holder paid, as the rewards wallet paid them', () => {
    const payouts = run.actions('payout');
    expect(payouts.length).toBeGreaterThan(0);
    for (const action of payouts) {
      const tx = raw(action.signature);
      const events = run.eventsOf('payout.sent', action.signature);
      const amounts = action.detail.amounts as Record<string, string>;
      expect(Object.fromEntries(events.map((e) => [e.data.wallet, e.data.amount]))).toEqual(amounts);
      for (const { data } of events) {
        expect(data).toMatchObject({ mint: detail(action, 'mint'), round: Number(detail(action, 'round')), token: detail(action, 'token') });
        expect(data.token === NATIVE_MINT_ID ? lamportDelta(tx, data.wallet) : tokenDelta(tx, data.wallet, data.token)).toBe(BigInt(data.amount));
      }
    }
  });

  it('creator.sent for each recipient, summing to what the keeper sent', () => {
    const sends = run.actions('creator-send');
    expect(sends.length).toBeGreaterThan(0);
    for (const action of sends) {
      const tx = raw(action.signature);
      const events = run.eventsOf('creator.sent', action.signature);
      expect(events.reduce((sum, e) => sum + BigInt(e.data.amount), 0n)).toBe(BigInt(detail(action, 'amount')));
      for (const { data } of events) {
        expect(data.mint).toBe(detail(action, 'mint'));
        expect(data.quoteMint).toBe(coinOf(data.mint).quoteMint);
        expect(data.quoteMint === NATIVE_MINT_ID ? lamportDelta(tx, data.wallet) : tokenDelta(tx, data.wallet, data.quoteMint)).toBe(BigInt(data.amount));
      }
    }
  });

  it('platform.burned with the tokens burned, the SOL they cost and the burn fund after', () => {
    const burns = run.actions('burn');
    expect(burns.length).toBeGreaterThan(0);
    for (const action of burns) {
      const [event] = run.eventsOf('platform.burned', action.signature);
      expect(event!.data).toEqual({
        platformMint: CONFIG.mints.platformToken,
        amount: detail(action, 'burned'),
        solCost: detail(action, 'solCost'),
        burnFundLamportsAfter: postLamports(raw(action.signature), CONFIG.wallets.burnFund),
      });
    }
  });

  it('price.updated from every price memo', () => {
    const prices = run.actions('price');
    expect(prices.length).toBeGreaterThan(5);
    expect(run.eventsOf('price.updated').map((e) => e.data.microUsd)).toEqual(prices.map((a) => detail(a, 'solMicroUsd')));
  });
});

describe('what is not ours', () => {
  it('a plain SPL Transfer (no mint among its accounts) of a coin is still two balance changes', () => {
    const coin = run.devnet.simulator!.state.coins.find(
      (c) => [...run.devnet.truth!.holdersAt(c.mint, run.lastSlot).keys()].filter((o) => isSimWallet(o)).length >= 2,
    )!;
    const [from, to] = [...run.devnet.truth!.holdersAt(coin.mint, run.lastSlot)].filter(([o]) => isSimWallet(o));
    const tx = plainTransfer(run.devnet, simKey(from![0]), coin.mint, asAddress(to![0]), 7n, coin.tokenProgram);
    run.devnet.step();
    const fixture = rawOf(tx);
    expect(fixture.accountKeys).not.toContain(coin.mint);
    const events = decodeTransaction(fixture, run.ctx);
    expect(events.map((e) => [e.type, (e.data as { owner: string }).owner, (e.data as { delta: string }).delta])).toEqual(
      expect.arrayContaining([
        ['token.balance_changed', from![0], '-7'],
        ['token.balance_changed', to![0], '7'],
      ]),
    );
    expect(events).toHaveLength(2);
  });

  it('keeper memos signed by anyone but a service wallet (the sponsor included) are ignored', () => {
    const stranger = simWallet(SEED, 3);
    const price = encodeKeeperMemo({ kind: 'price', solMicroUsd: '1' });
    const forged = act(run.devnet, [stranger], [memoInstruction(stranger.address, price)]);
    const sponsored = act(run.devnet, [WELL_KNOWN_KEYS.sponsor], [memoInstruction(WELL_KNOWN_KEYS.sponsor.address, price)]);
    const genuine = act(run.devnet, [WELL_KNOWN_KEYS.keeper], [memoInstruction(WELL_KNOWN_KEYS.keeper.address, price)]);
    run.devnet.step();
    expect(decodeTransaction(rawOf(forged), run.ctx)).toEqual([]);
    expect(decodeTransaction(rawOf(sponsored), run.ctx).filter((e) => e.type === 'price.updated')).toEqual([]);
    expect(decodeTransaction(rawOf(genuine), run.ctx).map((e) => [e.type, e.id])).toEqual([['price.updated', `${genuine.signature}:memo:0`]]);
  });

  it('checks the program id first, then the discriminator', () => {
    const buy = run
      .actions('buy')
      .map((a) => raw(a.signature))
      .find((tx) => tx.accountKeys.includes(launchpad))!;
    const programIndex = buy.accountKeys.indexOf(launchpad);
    const impostor = WELL_KNOWN_KEYS.guardProgram.address;
    const otherProgram = {
      ...buy,
      accountKeys: buy.accountKeys.map((k) => (k === launchpad ? impostor : k)),
      meta: { ...buy.meta, logMessages: buy.meta.logMessages.map((l) => l.replace(launchpad, impostor)) },
    };
    const badDiscriminator = {
      ...buy,
      instructions: buy.instructions.map((ix) =>
        ix.programIdIndex === programIndex ? { ...ix, data: Buffer.from([99, ...Buffer.from(ix.data, 'base64').subarray(1)]).toString('base64') } : ix,
      ),
    };
    const types = (tx: typeof buy) => decodeTransaction(tx, run.ctx).map((e) => e.type);
    expect(types(buy)).toContain('trade');
    expect(types(otherProgram)).not.toContain('trade');
    expect(types(badDiscriminator)).not.toContain('trade');
    expect(types(otherProgram)).toContain('token.balance_changed');
  });
});

describe('paid calls', () => {
  it('an x402 settlement (a stablecoin transfer the fee payer paid for) is api revenue in micro-USD; other transfers are not', () => {
    const { stablecoin } = CONFIG.mints;
    const { feePayer, payments } = WELL_KNOWN_KEYS;
    const payer = simWallet(SEED, 7);
    const faucet = WELL_KNOWN_KEYS.faucet;
    const token = TOKEN_PROGRAM_ID;
    const ata = (owner: Address) => associatedTokenAddress(owner, stablecoin, token);
    run.devnet.bank.setAccount(feePayer.address, {
      lamports: 10_000_000_000n,
      data: new Uint8Array(0),
      owner: SYSTEM_PROGRAM_ID,
      executable: false,
      rentEpoch: 0n,
    });
    act(
      run.devnet,
      [faucet],
      [
        getCreateAssociatedTokenIdempotentInstruction({
          payer: createNoopSigner(faucet.address),
          ata: ata(payer.address),
          owner: payer.address,
          mint: stablecoin,
        }),
        getCreateAssociatedTokenIdempotentInstruction({
          payer: createNoopSigner(faucet.address),
          ata: ata(payments.address),
          owner: payments.address,
          mint: stablecoin,
        }),
        getMintToInstruction({ mint: stablecoin, token: ata(payer.address), mintAuthority: createNoopSigner(faucet.address), amount: 1_000_000n }),
      ],
    );
    const transfer = (amount: bigint) =>
      getTransferCheckedInstruction({
        source: ata(payer.address),
        mint: stablecoin,
        destination: ata(payments.address),
        authority: createNoopSigner(payer.address),
        amount,
        decimals: 6,
      });
    const settled = act(
      run.devnet,
      [feePayer, payer],
      [transfer(10_000n), memoInstruction(feePayer.address, encodeKeeperMemo({ kind: 'price', solMicroUsd: '1' }))],
    );
    const unpaid = act(run.devnet, [payer], [transfer(50_000n)]);
    run.devnet.step();
    const events = decodeTransaction(rawOf(settled), run.ctx);
    const paymentsIndex = settled.accountKeys.indexOf(ata(payments.address));
    expect(events.map((e) => [e.type, e.id, e.data])).toEqual([
      ['revenue', `${settled.signature}:paid-call:${paymentsIndex}`, { kind: 'api', amount: '10000', unit: 'micro-usd', mint: null, quoteMint: null }],
    ]);
    expect(decodeTransaction(rawOf(unpaid), run.ctx)).toEqual([]);
  });
});

describe('trades the service did not refer', () => {
  it('a trade referred by another wallet earns the service nothing', () => {
    const coin = run.devnet.simulator!.state.coins.find(
      (c) => c.quoteMint === NATIVE_MINT_ID && c.hooks.length === 0 && marketOf(run.devnet.bank, c)?.venue === 'curve',
    )!;
    const trader = simWallet(SEED, 5);
    const stranger = simWallet(SEED, 6).address;
    const tx = act(run.devnet, [trader], buyInstructions(run.devnet.bank, coin, trader.address, 100_000_000n, stranger)!.instructions);
    run.devnet.step();
    const events = decodeTransaction(rawOf(tx), run.ctx);
    const [trade] = events.filter((e) => e.type === 'trade');
    expect(trade!.data).toMatchObject({ referrer: stranger });
    expect(BigInt((trade!.data as { referralFee: string }).referralFee)).toBeGreaterThan(0n);
    expect(events.filter((e) => e.type === 'revenue')).toEqual([]);
  });
});

function isSimWallet(owner: string): boolean {
  return Array.from({ length: run.devnet.simulator!.state.wallets }, (_, i) => simWallet(SEED, i).address as string).includes(owner);
}

function simKey(owner: string) {
  const index = Array.from({ length: run.devnet.simulator!.state.wallets }, (_, i) => i).find((i) => simWallet(SEED, i).address === owner)!;
  return simWallet(SEED, index);
}
