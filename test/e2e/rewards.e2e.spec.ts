// Rewards end to end against the devnet's ground truth, to the raw unit. The keepers are tuned so that several
// payout rounds and creator sends happen; after each round of the watched coin the API is read again:
// every wallet's owed amounts equal the keeper's own carried shares (recomputed from the projections with the
// keeper's rule, never read from the keeper), and every wallet's payouts equal the keeper's transfers. Then each
// holder coin's pot, rounds and per-token totals (costs read from the round transactions' Swap logs, US cents
// from the posted SOL prices) and each creator's coins, earnings and sends equal the chain's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELL_KNOWN_KEYS } from '../../infra/devnet/genesis/well-known-keys.js';
import type { SimAction, SimActionKind } from '../../infra/devnet/simulator/action-log.js';
import { excludedHolders } from '../../infra/devnet/simulator/activities/payouts.js';
import type { SimCoin } from '../../infra/devnet/simulator/sim-state.js';
import { programDataLogs } from '../../schemas/programs/event-set.js';
import { decodeLaunchpadEvent } from '../../schemas/programs/launchpad/events.js';
import { decodePoolVenueEvent } from '../../schemas/programs/pool-venue/events.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import { countedBalance } from '../../schemas/rewards/allocation.js';
import { CONFIG, simWallet } from '../ingest/chain-fixture.js';
import { startService, type ServiceHarness } from './service-harness.js';

const SEED = 47;
/** A claim every 20 slots, rounds every 20 slots from slot 50, creator sends every 30: four rounds in 115 slots,
 * and the last claim (slot 100) not sent on yet when they end. */
const TUNE = { claimEvery: 20, firstRoundAt: 50, roundEvery: 20, creatorSendEvery: 30 };
const ROUNDS = 4;

interface WalletRewards {
  wallet: string;
  paid: { coin: string; round: number; token: string; amount: string; signature: string; time: string }[];
  owed: { coin: string; token: string; amount: string; round: number }[];
}

let h: ServiceHarness;
/** The last slot projected: the truth is read as of it (the simulator may already have acted in the next). */
let last = 0;
const ok = (kind: SimActionKind) => h.devnet.simulator!.log.ofKind(kind).filter((action) => action.ok && action.slot <= last);
const coins = () => h.devnet.simulator!.state.coins;
const timeOf = (slot: number) => new Date(h.devnet.bank.timeOfSlot(slot) * 1000).toISOString();

type KeeperPayout = WalletRewards['paid'][number] & { wallet: string };
const withoutWallet = ({ wallet: _, ...payout }: KeeperPayout): WalletRewards['paid'][number] => payout;

/** Every payout the keeper sent, as the wallet route lists them. */
function keeperPayouts(): KeeperPayout[] {
  return ok('payout').flatMap((action) =>
    Object.entries(action.detail.amounts as Record<string, string>).map(([wallet, amount]) => ({
      wallet,
      coin: action.detail.mint as string,
      round: action.detail.round as number,
      token: action.detail.token as string,
      amount,
      signature: action.signature!,
      time: timeOf(action.slot),
    })),
  );
}

const roundsOf = (mint: string): SimAction[] => ok('payout-round').filter((action) => action.detail.mint === mint);

/** What the keeper carried as owed after the coin's latest round: wallet to raw quote units. */
function keeperOwed(coin: SimCoin): { round: number; owed: Record<string, string> } {
  const latest = roundsOf(coin.mint).at(-1);
  return latest === undefined ? { round: 0, owed: {} } : { round: latest.detail.round as number, owed: latest.detail.owed as Record<string, string> };
}

/** Wallets the keeper paid or owes anything, on any coin. */
function rewardedWallets(): string[] {
  const wallets = new Set(keeperPayouts().map((payout) => payout.wallet));
  for (const coin of coins()) for (const wallet of Object.keys(keeperOwed(coin).owed)) wallets.add(wallet);
  return [...wallets].sort();
}

async function walletRewards(wallet: string, query = 'limit=200'): Promise<WalletRewards> {
  const { status, body } = await h.get<WalletRewards>(`/api/v1/wallets/${wallet}/rewards?${query}`);
  expect(status).toBe(200);
  return body;
}

/** Every wallet's owed amounts equal the keeper's carried shares, and its payouts the keeper's transfers. */
async function expectWalletsMatchKeeper(): Promise<{ owedEntries: number }> {
  const payouts = keeperPayouts();
  let owedEntries = 0;
  for (const wallet of rewardedWallets()) {
    const body = await walletRewards(wallet);
    const expectedOwed = coins()
      .map((coin) => ({ coin, ...keeperOwed(coin) }))
      .filter(({ owed }) => owed[wallet] !== undefined)
      .map(({ coin, owed, round }) => ({ coin: coin.mint, token: coin.quoteMint, amount: owed[wallet]!, round }))
      .sort((a, b) => (a.coin < b.coin ? -1 : 1));
    expect(body.owed, `owed of ${wallet}`).toEqual(expectedOwed);
    owedEntries += body.owed.length;
    const expectedPaid = payouts.filter((payout) => payout.wallet === wallet).map(withoutWallet);
    expect(sortPaid(body.paid), `paid of ${wallet}`).toEqual(sortPaid(expectedPaid));
    expect(body.paid.map((payout) => payout.time)).toEqual(
      body.paid
        .map((payout) => payout.time)
        .sort()
        .reverse(),
    );
  }
  return { owedEntries };
}

const sortPaid = (paid: WalletRewards['paid']) => [...paid].sort((a, b) => `${a.signature}${a.token}`.localeCompare(`${b.signature}${b.token}`));

/** The watched coin: the opening holder coin paid in a basket. */
let watched: SimCoin;
const keeperRounds = (mint: string) => h.devnet.simulator!.log.ofKind('payout-round').filter((action) => action.ok && action.detail.mint === mint);
let owedSeen = 0;
let carriedThenPaid = 0;

beforeAll(async () => {
  h = await startService({ seed: SEED, tune: TUNE });
  await h.step(TUNE.firstRoundAt - 1);
  watched = coins().find((coin) => coin.mode === 'holder' && coin.holdersPaid === 'basket')!;
  expect(watched).toBeDefined();
});
afterAll(async () => h?.stop());

describe('wallet rewards across rounds', () => {
  it(`after each of ${ROUNDS} rounds, every wallet's payouts and owed shares equal the keeper's`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      let guard = 0;
      while (keeperRounds(watched.mint).length < round && guard++ < TUNE.roundEvery + 1) await h.step(1);
      expect(keeperRounds(watched.mint).length, `round ${round} of the watched coin`).toBe(round);
      const owedBefore = round === 1 ? {} : (keeperRounds(watched.mint)[round - 2]!.detail.owed as Record<string, string>);
      const thisRound = keeperRounds(watched.mint)[round - 1]!.detail;
      carriedThenPaid += Object.keys(owedBefore).filter((wallet) => (thisRound.paid as Record<string, string>)[wallet] !== undefined).length;
      last = await h.settle();
      owedSeen += (await expectWalletsMatchKeeper()).owedEntries;
    }
    // The story must have exercised carry-over: shares owed, and shares owed in one round paid in the next.
    expect(owedSeen).toBeGreaterThan(0);
    expect(carriedThenPaid).toBeGreaterThan(0);
  });

  it("filters by coin: the coin's payouts in chain order, newest first, and its owed share", async () => {
    const wallet = Object.keys(roundsOf(watched.mint).at(-1)!.detail.paid as Record<string, string>)[0]!;
    const body = await walletRewards(wallet, `coin=${watched.mint}&limit=3`);
    const expected = keeperPayouts()
      .filter((payout) => payout.wallet === wallet && payout.coin === watched.mint)
      .reverse()
      .slice(0, 3)
      .map(withoutWallet);
    expect(body.paid).toEqual(expected);
    expect(body.owed.every((owed) => owed.coin === watched.mint)).toBe(true);
  });

  it('answers a wallet that never held anything with empty lists', async () => {
    expect(await walletRewards(simWallet(SEED, 10_000).address)).toEqual({ wallet: simWallet(SEED, 10_000).address, paid: [], owed: [] });
  });
});

interface HolderRewardsBody {
  mode: 'holder';
  quote: { mint: string; decimals: number };
  pot: { holds: string; takenIn: string; spent: string };
  paidByToken: { token: string; paid: string; cost: string; usdCentsAtPayout: string; unpricedRounds: number; usdCentsNow: string | null }[];
  rounds: {
    round: number;
    signature: string;
    time: string;
    snapshotSlot: number;
    baselineSlot: number | null;
    holdersCounted: number;
    potSpent: string;
    paidIn: 'pair' | 'basket';
    tokens: { mint: string; bought: string; cost: string; paid: string }[];
    payouts: { holdersPaid: number; signatures: string[]; lastAt: string | null };
  }[];
}

/** What a round bought, from its transaction's logs: the rewards vault's pool-venue buys, or the pot itself. */
function roundBuys(action: SimAction, coin: SimCoin): { mint: string; bought: bigint; cost: bigint }[] {
  const buys = programDataLogs(txOf(action).meta.logMessages ?? [])
    .filter((log) => log.programId === CONFIG.programs.poolVenue)
    .map((log) => decodePoolVenueEvent(log.bytes))
    .flatMap((event) => (event?.name === 'Swap' && event.data.trader === WELL_KNOWN_KEYS.rewardsVault.address ? [event.data] : []));
  if (buys.length === 0) return [{ mint: coin.quoteMint, bought: BigInt(action.detail.pot as string), cost: BigInt(action.detail.pot as string) }];
  return buys.map((swap) => ({ mint: swap.mint, bought: swap.tokenAmount, cost: swap.quoteAmount + swap.fee }));
}

/** The transaction of a keeper action, from the bank. */
function txOf(action: SimAction) {
  return h.devnet.bank.getBlock(action.slot)!.transactions.find((t) => t.signature === action.signature)!;
}

/** What a coin's fee claims gave a role (holders or creator), from the claim transactions' FeesClaimed logs. */
function claimedBy(mint: string, role: 'holders' | 'creator'): bigint {
  let total = 0n;
  for (const action of ok('claim-fees').filter((a) => a.detail.mint === mint)) {
    for (const log of programDataLogs(txOf(action).meta.logMessages ?? [])) {
      const event =
        log.programId === CONFIG.programs.launchpad
          ? decodeLaunchpadEvent(log.bytes)
          : log.programId === CONFIG.programs.poolVenue
            ? decodePoolVenueEvent(log.bytes)
            : null;
      if (event?.name !== 'FeesClaimed' || event.data.mint !== mint) continue;
      for (const share of event.data.shares) if (share.role === role) total += share.amount;
    }
  }
  return total;
}

/** Holders with a counted balance in a round, from the devnet's balance history. */
function countedHolders(coin: SimCoin, action: SimAction): number {
  const truth = h.devnet.truth!;
  const excluded = excludedHolders(coin);
  const baseline = truth.holdersAt(coin.mint, action.detail.baselineSlot as number);
  return [...truth.holdersAt(coin.mint, action.detail.snapshotSlot as number)].filter(
    ([owner, amount]) => !excluded.has(owner) && countedBalance(amount, baseline.get(owner) ?? 0n) > 0n,
  ).length;
}

/** The SOL price (micro-USD) posted last at or before a slot's block time; null before the first. */
function solPriceAt(slot: number): bigint | null {
  const time = h.devnet.bank.timeOfSlot(slot);
  const posted = ok('price').filter((action) => h.devnet.bank.timeOfSlot(action.slot) <= time);
  return posted.length === 0 ? null : BigInt(posted.at(-1)!.detail.solMicroUsd as string);
}

describe('rewards of a coin', () => {
  it("equal the keeper's rounds, transfers and buys for every holder coin with rounds", async () => {
    const rewarded = coins().filter((coin) => coin.mode === 'holder' && roundsOf(coin.mint).length > 0);
    expect(rewarded.some((coin) => coin.holdersPaid === 'basket')).toBe(true);
    expect(rewarded.some((coin) => coin.holdersPaid === 'pair')).toBe(true);
    const payouts = keeperPayouts();
    for (const coin of rewarded) {
      const { status, body } = await h.get<HolderRewardsBody>(`/api/v1/coins/${coin.mint}/rewards?limit=50`);
      expect(status).toBe(200);
      const rounds = roundsOf(coin.mint);
      const spent = rounds.reduce((sum, action) => sum + BigInt(action.detail.pot as string), 0n);
      const takenIn = claimedBy(coin.mint, 'holders');
      expect(body.pot).toEqual({ holds: (takenIn - spent).toString(), takenIn: takenIn.toString(), spent: spent.toString() });

      const buys = rounds.map((action) => roundBuys(action, coin));
      expect(body.rounds).toEqual(
        rounds
          .map((action, i) => {
            const sends = ok('payout').filter((p) => p.detail.mint === coin.mint && p.detail.round === action.detail.round);
            const paidOf = (token: string) =>
              payouts
                .filter((p) => p.coin === coin.mint && p.round === action.detail.round && p.token === token)
                .reduce((sum, p) => sum + BigInt(p.amount), 0n);
            return {
              round: action.detail.round,
              signature: action.signature,
              time: timeOf(action.slot),
              snapshotSlot: action.detail.snapshotSlot,
              baselineSlot: action.detail.baselineSlot,
              holdersCounted: countedHolders(coin, action),
              potSpent: action.detail.pot,
              paidIn: buys[i]!.length > 0 && buys[i]![0]!.mint !== coin.quoteMint ? 'basket' : 'pair',
              tokens: buys[i]!.map((buy) => ({ mint: buy.mint, bought: buy.bought.toString(), cost: buy.cost.toString(), paid: paidOf(buy.mint).toString() })),
              payouts: {
                holdersPaid: new Set(sends.flatMap((p) => Object.keys(p.detail.amounts as object))).size,
                signatures: sends.map((p) => p.signature),
                lastAt: sends.length === 0 ? null : timeOf(sends.at(-1)!.slot),
              },
            };
          })
          .reverse(),
      );

      const tokens = [...new Set(buys.flat().map((buy) => buy.mint))];
      // The quote's US price at a slot: the posted SOL price, or a dollar for the stablecoin (6 decimals).
      const sol = coin.quoteMint === NATIVE_MINT_ID;
      expect(sol || coin.quoteMint === CONFIG.mints.stablecoin).toBe(true);
      const quotePriceAt = (slot: number) => (sol ? solPriceAt(slot) : 1_000_000n);
      const latestQuote = quotePriceAt(last);
      const scale = 10n ** BigInt((sol ? 9 : 6) + 4); // raw units per whole quote token x micro-USD per cent
      expect(body.paidByToken).toEqual(
        tokens.map((token) => {
          const bought = buys.flatMap((list, i) => list.filter((buy) => buy.mint === token).map((buy) => ({ ...buy, slot: rounds[i]!.slot })));
          const paid = payouts.filter((p) => p.coin === coin.mint && p.token === token).reduce((sum, p) => sum + BigInt(p.amount), 0n);
          const priced = bought.filter((buy) => quotePriceAt(buy.slot) !== null);
          const latest = bought.at(-1)!;
          return {
            token,
            paid: paid.toString(),
            cost: bought.reduce((sum, buy) => sum + buy.cost, 0n).toString(),
            usdCentsAtPayout: (priced.reduce((sum, buy) => sum + buy.cost * quotePriceAt(buy.slot)!, 0n) / scale).toString(),
            unpricedRounds: bought.length - priced.length,
            usdCentsNow:
              latestQuote === null
                ? null
                : (token === coin.quoteMint ? (paid * latestQuote) / scale : (paid * latest.cost * latestQuote) / (latest.bought * scale)).toString(),
          };
        }),
      );
    }
  });

  it('lists the latest rounds first within the limit', async () => {
    const { body } = await h.get<HolderRewardsBody>(`/api/v1/coins/${watched.mint}/rewards?limit=2`);
    expect(body.rounds.map((round) => round.round)).toEqual([ROUNDS, ROUNDS - 1]);
  });
});

interface CreatorBody {
  wallet: string;
  coins: {
    mint: string;
    mode: 'holder' | 'creator';
    creator: { earned: string; sent: string; waiting: string } | null;
    pot: { holds: string; takenIn: string; spent: string } | null;
    roundCount: number | null;
  }[];
  recentSends: { coin: string; wallet: string; token: string; amount: string; signature: string; time: string }[];
}

/** Each payment of a creator-send, as the keeper divided it among the payees. */
function keeperSends(mints: ReadonlySet<string>): CreatorBody['recentSends'] {
  return ok('creator-send')
    .filter((action) => mints.has(action.detail.mint as string))
    .flatMap((action) => {
      const waiting = BigInt(action.detail.amount as string);
      const payees = action.detail.payees as { wallet: string; bps: number }[];
      let sent = 0n;
      return payees.flatMap((payee, i) => {
        const amount = i === payees.length - 1 ? waiting - sent : (waiting * BigInt(payee.bps)) / 10_000n;
        sent += amount;
        const coin = coins().find((c) => c.mint === action.detail.mint)!;
        return amount === 0n
          ? []
          : [
              {
                coin: coin.mint,
                wallet: payee.wallet,
                token: coin.quoteMint,
                amount: amount.toString(),
                signature: action.signature!,
                time: timeOf(action.slot),
              },
            ];
      });
    });
}

describe('creators', () => {
  it("every creator's coins, earnings and sends equal the keeper's", async () => {
    const creators = [...new Set(coins().map((coin) => coin.creator))];
    const sentOf = (mint: string) =>
      ok('creator-send')
        .filter((a) => a.detail.mint === mint)
        .reduce((sum, a) => sum + BigInt(a.detail.amount as string), 0n);
    const creatorCoins = coins().filter((coin) => coin.mode === 'creator');
    expect(creatorCoins.some((coin) => sentOf(coin.mint) > 0n)).toBe(true);
    expect(creatorCoins.some((coin) => claimedBy(coin.mint, 'creator') > sentOf(coin.mint))).toBe(true);
    for (const index of creators) {
      const wallet = simWallet(SEED, index).address;
      const { status, body } = await h.get<CreatorBody>(`/api/v1/creators/${wallet}`);
      expect(status).toBe(200);
      const launched = coins().filter((coin) => coin.creator === index);
      expect(body.coins.map((coin) => coin.mint).sort()).toEqual(launched.map((coin) => coin.mint).sort());
      for (const coin of launched) {
        const view = body.coins.find((c) => c.mint === coin.mint)!;
        if (coin.mode === 'creator') {
          const earned = claimedBy(coin.mint, 'creator');
          const earnings = { earned: earned.toString(), sent: sentOf(coin.mint).toString(), waiting: (earned - sentOf(coin.mint)).toString() };
          expect(view.creator).toEqual(earnings);
          expect(view.pot).toBeNull();
          const rewards = await h.get<{ mode: string; creator: unknown }>(`/api/v1/coins/${coin.mint}/rewards`);
          expect(rewards.body).toMatchObject({ mode: 'creator', creator: earnings });
        } else {
          const spent = roundsOf(coin.mint).reduce((sum, action) => sum + BigInt(action.detail.pot as string), 0n);
          const takenIn = claimedBy(coin.mint, 'holders');
          expect(view.pot).toEqual({ holds: (takenIn - spent).toString(), takenIn: takenIn.toString(), spent: spent.toString() });
          expect(view.roundCount).toBe(roundsOf(coin.mint).length);
          const rewards = await h.get<{ pot: unknown }>(`/api/v1/coins/${coin.mint}/rewards`);
          expect(rewards.body.pot).toEqual(view.pot);
          expect(view.creator).toBeNull();
        }
      }
      const sends = keeperSends(new Set(launched.map((coin) => coin.mint)));
      expect(sortSends(body.recentSends)).toEqual(sortSends(sends.slice(-50)));
      expect(body.recentSends.map((send) => send.time)).toEqual(
        body.recentSends
          .map((send) => send.time)
          .sort()
          .reverse(),
      );
    }
  });

  it('answers a wallet that launched nothing with empty lists', async () => {
    const wallet = simWallet(SEED, 10_001).address;
    expect((await h.get(`/api/v1/creators/${wallet}`)).body).toEqual({ wallet, coins: [], recentSends: [] });
  });
});

const sortSends = (sends: CreatorBody['recentSends']) => [...sends].sort((a, b) => `${a.signature}${a.wallet}`.localeCompare(`${b.signature}${b.wallet}`));
