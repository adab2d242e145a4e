// A small rewards story for the query and API tests, in chain order, with the numbers worked out by hand.
//
// BASKET (holder mode, paid in two basket tokens, SOL pair, a curve holding coins): holders A 900, B 99, C 1 at
// the first claim (slot 100, the first baseline); B buys to 150 and D (new) buys 500 before round 1's snapshot.
// Round 1 (pot 700,000,000 lamports) counts A 900, B 99, C 1 (D bought after the baseline): A 630,000,000, B
// 69,300,000, C 700,000 (below the 0.001 SOL minimum: owed). A second claim adds 100,000,000; B sells to 50.
// Round 2 (pot 100,700,000, of which C's 700,000 is owed) splits 100,000,000 over A 900, B 50, C 1, D 500 (1451):
// A 62,026,188, B 3,445,899, D 34,458,993, C 68,917 + 700,000 = 768,917 (still below: owed again).
// The first SOL price (150 USD) comes after round 1, the second (160 USD) before round 2.
//
// STABLE (holder mode, paid in the pair, the stablecoin with 6 decimals): X 10 and Y 990 share 50,000; X's 500 is
// below the 10,000 minimum. CREATOR (creator mode, SOL): claims give the creator 700,000,000 then 300,000,000;
// 700,000,000 is sent on, 70% to the creator and 30% to a partner.
import type { Address } from '@solana/kit';
import { DEVNET_ADDRESSES } from '../../schemas/devnet-addresses.js';
import type { Event } from '../../schemas/events/index.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import type { LoggedEvent } from '../../projections/projector.js';
import { addr, balanceChanged, launched, logged, priceUpdated } from './event-fixtures.js';
import { creatorSent, feesClaimed, payoutRound, payoutSent } from './reward-events.js';

export const SOL = NATIVE_MINT_ID as Address;
export const STABLECOIN = DEVNET_ADDRESSES.stablecoinMint as Address;
export const CREATOR = addr(500);
export const OTHER_CREATOR = addr(520);
export const PARTNER = addr(530);
export const T1 = addr(910);
export const T2 = addr(911);

export const BASKET = { mint: addr(101), curve: addr(611) };
export const STABLE = { mint: addr(102), pool: addr(612) };
export const CREATOR_COIN = { mint: addr(103), curve: addr(613) };
export const W = { A: addr(201), B: addr(202), C: addr(203), D: addr(204), X: addr(205), Y: addr(206), NOBODY: addr(299) };

export const ROUND1 = { slot: 200, snapshot: 190, baseline: 100, potSpent: 699_300_000n, paid: { A: 630_000_000n, B: 69_300_000n } };
export const ROUND2 = { slot: 400, snapshot: 390, baseline: 190, potSpent: 99_931_080n, paid: { A: 62_026_188n, B: 3_445_899n, D: 34_458_993n } };
/** What each round bought: 60% of the spend on T1 at 100 lamports a unit, 40% on T2 at 0.1. */
export const BUYS = {
  1: [
    { mint: T1, bought: 4_195_800n, cost: 419_580_000n },
    { mint: T2, bought: 2_797_200_000n, cost: 279_720_000n },
  ],
  2: [
    { mint: T1, bought: 599_586n, cost: 59_958_648n },
    { mint: T2, bought: 399_724_320n, cost: 39_972_432n },
  ],
} as const;
export const OWED_C = 768_917n;
export const PRICES = { first: { slot: 250, microUsd: 150_000_000n }, second: { slot: 350, microUsd: 160_000_000n } };

/** What the keeper sent each holder of each token in a round: its share of the tokens bought, rounded down. */
export function sentOf(round: 1 | 2, wallet: 'A' | 'B' | 'D', token: Address): bigint {
  const r = round === 1 ? ROUND1 : ROUND2;
  const share = (r.paid as Record<string, bigint>)[wallet] ?? 0n;
  const buy = BUYS[round].find((b) => b.mint === token)!;
  return (buy.bought * share) / r.potSpent;
}

let tx = 5_000;
const at = (slot: number, index = 0) => ({ slot, tx: tx++, index });

function balances(slot: number, mint: Address, changes: [owner: Address, account: Address, pre: bigint, post: bigint][]): Event[] {
  const t = tx++;
  return changes.map(([owner, tokenAccount, pre, post], i) => balanceChanged({ slot, tx: t, account: i + 1 }, { mint, owner, tokenAccount, pre, post }));
}

function payouts(slot: number, round: 1 | 2, mint: Address, token: Address, wallets: ('A' | 'B' | 'D')[]): Event[] {
  const t = tx++;
  return wallets.map((wallet, i) =>
    payoutSent({ slot, tx: t, index: i + 1 }, { mint, round, wallet: W[wallet], token, amount: sentOf(round, wallet, token).toString() }),
  );
}

/** One creator-send transaction paying each recipient its part. */
function creatorPayments(slot: number, parts: [wallet: Address, amount: bigint][]): Event[] {
  const t = tx++;
  return parts.map(([wallet, amount], i) =>
    creatorSent({ slot, tx: t, index: i + 1 }, { mint: CREATOR_COIN.mint, wallet, quoteMint: SOL, amount: amount.toString() }),
  );
}

const account = (seed: number) => addr(300 + seed);

export function rewardStory(): LoggedEvent[] {
  tx = 5_000;
  const events: Event[] = [
    launched(at(10), BASKET.mint, {
      curve: BASKET.curve,
      quoteMint: SOL,
      basket: [
        { mint: T1, weightBps: 6_000 },
        { mint: T2, weightBps: 4_000 },
      ],
    }),
    launched(at(12), STABLE.mint, {
      route: 'pool-venue',
      curve: null,
      pool: STABLE.pool,
      creator: OTHER_CREATOR,
      payer: OTHER_CREATOR,
      quoteMint: STABLECOIN,
      quoteDecimals: 6,
      holdersPaid: 'pair',
      basket: [],
      hooks: [],
      antiSniper: null,
    }),
    launched(at(14), CREATOR_COIN.mint, {
      mode: 'creator',
      holdersPaid: 'pair',
      basket: [],
      curve: CREATOR_COIN.curve,
      quoteMint: SOL,
      creatorRecipients: [
        { wallet: CREATOR, bps: 7_000 },
        { wallet: PARTNER, bps: 3_000 },
      ],
    }),
    ...balances(20, BASKET.mint, [
      [BASKET.curve, account(0), 0n, 99_999n],
      [W.A, account(1), 0n, 900n],
      [W.B, account(2), 0n, 99n],
      [W.C, account(3), 0n, 1n],
    ]),
    ...balances(22, STABLE.mint, [
      [STABLE.pool, account(10), 0n, 1_000_000n],
      [W.X, account(11), 0n, 10n],
      [W.Y, account(12), 0n, 990n],
    ]),
    feesClaimed(at(100), BASKET.mint, SOL, 700_000_000n, 'holders'),
    feesClaimed(at(110), STABLE.mint, STABLECOIN, 50_000n, 'holders'),
    feesClaimed(at(120), CREATOR_COIN.mint, SOL, 700_000_000n, 'creator'),
    ...balances(150, BASKET.mint, [
      [W.B, account(2), 99n, 150n],
      [W.D, account(4), 0n, 500n],
      [BASKET.curve, account(0), 99_999n, 99_448n],
    ]),
    payoutRound(at(ROUND1.slot), {
      mint: BASKET.mint,
      round: 1,
      snapshotSlot: ROUND1.snapshot,
      baselineSlot: ROUND1.baseline,
      holdersCounted: 3,
      potSpent: ROUND1.potSpent.toString(),
      paidIn: 'basket',
      tokens: BUYS[1].map((b) => ({ mint: b.mint, bought: b.bought.toString(), cost: b.cost.toString() })),
    }),
    ...payouts(201, 1, BASKET.mint, T1, ['A', 'B']),
    ...payouts(201, 1, BASKET.mint, T2, ['A', 'B']),
    payoutRound(at(210), {
      mint: STABLE.mint,
      round: 1,
      snapshotSlot: 205,
      baselineSlot: 110,
      holdersCounted: 2,
      potSpent: '49500',
      paidIn: 'pair',
      tokens: [{ mint: STABLECOIN, bought: '49500', cost: '49500' }],
    }),
    payoutSent(at(211, 1), { mint: STABLE.mint, round: 1, wallet: W.Y, token: STABLECOIN, amount: '49500' }),
    ...creatorPayments(220, [
      [CREATOR, 490_000_000n],
      [PARTNER, 210_000_000n],
    ]),
    priceUpdated(at(PRICES.first.slot), PRICES.first.microUsd),
    feesClaimed(at(300), BASKET.mint, SOL, 100_000_000n, 'holders'),
    ...balances(320, BASKET.mint, [
      [W.B, account(2), 150n, 50n],
      [BASKET.curve, account(0), 99_448n, 99_548n],
    ]),
    feesClaimed(at(320), CREATOR_COIN.mint, SOL, 300_000_000n, 'creator'),
    priceUpdated(at(PRICES.second.slot), PRICES.second.microUsd),
    payoutRound(at(ROUND2.slot), {
      mint: BASKET.mint,
      round: 2,
      snapshotSlot: ROUND2.snapshot,
      baselineSlot: ROUND2.baseline,
      holdersCounted: 4,
      potSpent: ROUND2.potSpent.toString(),
      paidIn: 'basket',
      tokens: BUYS[2].map((b) => ({ mint: b.mint, bought: b.bought.toString(), cost: b.cost.toString() })),
    }),
    ...payouts(401, 2, BASKET.mint, T1, ['A', 'B', 'D']),
    ...payouts(401, 2, BASKET.mint, T2, ['A', 'B', 'D']),
  ];
  return logged(events);
}
