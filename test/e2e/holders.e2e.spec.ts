// `GET /coins/{mint}/holders` end to end against the devnet's ground truth, to the raw unit: the holder count
// and the largest holders after the simulator's trading and transfers and after an explicit transfer to a new
// wallet; the baseline slot the keeper's next round compares against; `countsNextRound` of a wallet that held
// at the baseline and bought more (its baseline balance counts) and of a new wallet that bought after the
// baseline (nothing counts until the round after, whose keeper then pays it). Each round's counted balances,
// read from the balances projection at its snapshot and baseline slots, equal the keeper's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyPairFromLabel } from '../../infra/crypto/ed25519.js';
import { buy, fund, transferTokens } from '../../infra/devnet/actions.js';
import { SOL } from '../../infra/devnet/truth/balance-history.js';
import type { SimAction } from '../../infra/devnet/simulator/action-log.js';
import { excludedHolders } from '../../infra/devnet/simulator/activities/payouts.js';
import { COIN_DECIMALS } from '../../infra/devnet/simulator/market-ops.js';
import type { SimCoin } from '../../infra/devnet/simulator/sim-state.js';
import { ownerBalancesAt } from '../../projections/balances/queries.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import { countedBalance } from '../../schemas/rewards/allocation.js';
import { CONFIG, simWallet } from '../ingest/chain-fixture.js';
import { chainFacts } from '../../infra/devnet/truth/chain-facts.js';
import { startService, type ServiceHarness } from './service-harness.js';

const SEED = 43;
const LAMPORTS_PER_SOL = 1_000_000_000n;
/** Rounds every 25 slots from slot 60 of the run: three rounds within 115 slots. */
const TUNE = { firstRoundAt: 60, roundEvery: 25 };

interface HoldersBody {
  holders: number;
  baselineSlot: number | null;
  top: { wallet: string; amount: string; shareBps: number; countsNextRound: string | null }[];
}

let h: ServiceHarness;
let coin: SimCoin;
let supply: bigint;
const newcomer = keyPairFromLabel('holders-e2e/newcomer');
const receiver = keyPairFromLabel('holders-e2e/receiver');

const rounds = (round: number): SimAction[] =>
  h.devnet.simulator!.log.ofKind('payout-round').filter((a) => a.ok && a.detail.mint === coin.mint && a.detail.round === round);

async function stepUntilRound(round: number, limit: number): Promise<SimAction> {
  for (let i = 0; i < limit && rounds(round).length === 0; i++) await h.step(1);
  const action = rounds(round)[0];
  if (action === undefined) throw new Error(`round ${round} of ${coin.mint} did not happen within ${limit} slots`);
  return action;
}

/** The holders read as the truth gives it at `slot`: the coin's venues and the service's wallets left out. */
function expectedHolders(slot: number, baselineSlot: number | null): HoldersBody {
  const facts = chainFacts(h.devnet.bank, CONFIG, h.fromSlot, slot, new Set([coin.mint]));
  const excluded = new Set<string>([...(facts.venues.get(coin.mint) ?? []), ...Object.values(CONFIG.wallets)]);
  const truth = h.devnet.truth!;
  const holders = [...truth.holdersAt(coin.mint, slot)].filter(([owner, amount]) => amount > 0n && !excluded.has(owner));
  holders.sort(([a, x], [b, y]) => (x === y ? (a < b ? -1 : 1) : x > y ? -1 : 1));
  return {
    holders: holders.length,
    baselineSlot,
    top: holders.slice(0, 100).map(([wallet, amount]) => ({
      wallet,
      amount: amount.toString(),
      shareBps: Number((amount * 10_000n) / supply),
      countsNextRound: baselineSlot === null ? null : countedBalance(amount, truth.balanceAt(wallet, coin.mint, baselineSlot)).toString(),
    })),
  };
}

async function holdersNow(): Promise<HoldersBody> {
  const { status, body } = await h.get<HoldersBody>(`/api/v1/coins/${coin.mint}/holders?limit=100`);
  expect(status).toBe(200);
  return body;
}

/** Counted balances of a round from the balances projection at its slots, as the keeper's rule counts them. */
async function projectedWeights(action: SimAction): Promise<Map<string, bigint>> {
  const snapshot = await ownerBalancesAt(h.olap, coin.mint, action.detail.snapshotSlot as number);
  const baseline = await ownerBalancesAt(h.olap, coin.mint, action.detail.baselineSlot as number);
  const excluded = excludedHolders(coin);
  const weights = new Map<string, bigint>();
  for (const [wallet, amount] of snapshot) {
    const weight = countedBalance(amount, baseline.get(wallet) ?? 0n);
    if (!excluded.has(wallet) && weight > 0n) weights.set(wallet, weight);
  }
  return weights;
}

/** The keeper's counted balances of a round, from the devnet's own balance history. */
function trueWeights(action: SimAction): Map<string, bigint> {
  const truth = h.devnet.truth!;
  const excluded = excludedHolders(coin);
  const weights = new Map<string, bigint>();
  for (const [wallet, amount] of truth.holdersAt(coin.mint, action.detail.snapshotSlot as number)) {
    const weight = countedBalance(amount, truth.balanceAt(wallet, coin.mint, action.detail.baselineSlot as number));
    if (!excluded.has(wallet) && weight > 0n) weights.set(wallet, weight);
  }
  return weights;
}

beforeAll(async () => {
  h = await startService({ seed: SEED, tune: TUNE });
  await h.step(62);
  const candidates = h.devnet.simulator!.state.coins.filter((c) => c.mode === 'holder' && c.quoteMint === NATIVE_MINT_ID && c.round >= 1);
  coin = candidates[0]!;
  expect(coin, 'a SOL holder coin paid in round 1').toBeDefined();
  supply = 1_000_000_000n * 10n ** BigInt(COIN_DECIMALS);
});

afterAll(async () => h?.stop());

describe('holders end to end', () => {
  let first: SimAction;
  let second: SimAction;
  let bought: bigint;

  it('counts and lists holders as the chain does, with the last round snapshot as the baseline', async () => {
    first = rounds(1)[0]!;
    const slot = await h.settle();
    expect(await holdersNow()).toEqual(expectedHolders(slot, first.detail.snapshotSlot as number));
  });

  it('follows a transfer to a new wallet', async () => {
    const wallets = Array.from({ length: h.devnet.simulator!.state.wallets }, (_, i) => simWallet(SEED, i));
    const held = (w: { address: string }) => h.devnet.truth!.balance(w.address, coin.mint);
    const sender = wallets.reduce((a, b) => (held(b) > held(a) ? b : a));
    const amount = held(sender) / 3n;
    expect(amount).toBeGreaterThan(0n);
    transferTokens(h.devnet, sender, coin.mint, receiver.address, amount);
    const slot = await h.land();
    const body = await holdersNow();
    expect(body).toEqual(expectedHolders(slot, first.detail.snapshotSlot as number));
    expect(body.top.find((x) => x.wallet === receiver.address)?.amount).toBe(amount.toString());
  });

  it('counts a buy after the baseline from the round after: none of it now, the baseline balance of an earlier holder', async () => {
    fund(h.devnet, newcomer.address, 5n * LAMPORTS_PER_SOL);
    buy(h.devnet, newcomer, coin.mint, LAMPORTS_PER_SOL);
    // A simulated wallet that held at the baseline buys more.
    const baselineSlot = first.detail.snapshotSlot as number;
    const earlier = Array.from({ length: h.devnet.simulator!.state.wallets }, (_, i) => simWallet(SEED, i)).find(
      (w) => h.devnet.truth!.balanceAt(w.address, coin.mint, baselineSlot) > 0n && h.devnet.truth!.balance(w.address, SOL) > 2n * LAMPORTS_PER_SOL,
    );
    expect(earlier, 'a wallet that held at the baseline').toBeDefined();
    const atBaseline = h.devnet.truth!.balanceAt(earlier!.address, coin.mint, baselineSlot);
    buy(h.devnet, earlier!, coin.mint, LAMPORTS_PER_SOL);
    const slot = await h.land();
    const body = await holdersNow();
    expect(body).toEqual(expectedHolders(slot, baselineSlot));
    const mine = body.top.find((x) => x.wallet === newcomer.address)!;
    bought = BigInt(mine.amount);
    expect(bought).toBeGreaterThan(0n);
    expect(mine.countsNextRound).toBe('0');
    const theirs = body.top.find((x) => x.wallet === earlier!.address)!;
    expect(BigInt(theirs.amount)).toBeGreaterThan(atBaseline);
    expect(theirs.countsNextRound).toBe(atBaseline.toString());
    // The receiver got its coins after the baseline too.
    expect(body.top.find((x) => x.wallet === receiver.address)?.countsNextRound).toBe('0');
  });

  it("equals the keeper's counted balances of the next round, which leaves the newcomer out; then counts it", async () => {
    second = await stepUntilRound(2, 40);
    expect(second.detail.baselineSlot).toBe(first.detail.snapshotSlot);
    const slot = await h.settle();
    const weights = await projectedWeights(second);
    expect(weights).toEqual(trueWeights(second));
    expect(weights.has(newcomer.address)).toBe(false);
    expect(Object.keys(second.detail.paid as object)).not.toContain(newcomer.address);
    const body = await holdersNow();
    expect(body).toEqual(expectedHolders(slot, second.detail.snapshotSlot as number));
    expect(body.top.find((x) => x.wallet === newcomer.address)?.countsNextRound).toBe(bought.toString());
  });

  it('the round after the buy counts the newcomer in full and pays it (or carries its share)', async () => {
    const third = await stepUntilRound(3, 40);
    await h.settle();
    const weights = await projectedWeights(third);
    expect(weights).toEqual(trueWeights(third));
    expect(weights.get(newcomer.address)).toBe(bought);
    const paidOrOwed = [...Object.keys(third.detail.paid as object), ...Object.keys(third.detail.owed as object)];
    expect(paidOrOwed).toContain(newcomer.address);
  });
});
