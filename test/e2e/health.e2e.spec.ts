// Health end to end on the devnet: the simulator launches and trades with snipers, bundles and wash pairs; the
// test adds an insider (a creator handing coins to a new wallet); the pipeline projects it all and the scorer
// checks every coin. Each coin's signals must equal the definitions applied to the chain's own facts (the trades
// the programs logged, the balance history, the transfers the simulator made), and the coins the simulator
// targeted must raise the matching signal while the coins it left alone raise none of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyPairFromLabel } from '../../infra/crypto/ed25519.js';
import { transferTokens } from '../../infra/devnet/actions.js';
import { COIN_DECIMALS } from '../../infra/devnet/simulator/market-ops.js';
import type { SimCoin } from '../../infra/devnet/simulator/sim-state.js';
import { HealthScorer } from '../../projections/health/scorer.js';
import { healthSignals, SNIPER_WINDOW_SLOTS, type CoinTrade, type HealthFacts, type HealthSignals } from '../../projections/health/signals.js';
import { CONFIG, simWallet } from '../ingest/chain-fixture.js';
import { chainFacts, type ChainFacts } from '../../infra/devnet/truth/chain-facts.js';
import { startService, type ServiceHarness } from './service-harness.js';

const SEED = 47;
const SLOTS = 70;
const SUPPLY = 1_000_000_000n * 10n ** BigInt(COIN_DECIMALS);
const SERVICE = Object.values(CONFIG.wallets);

interface HealthBody {
  grade: string | null;
  checkedAt: string | null;
  signals: HealthSignals;
  levels: Record<string, string>;
  context: { holders: number; creatorOtherLaunches: number; creatorOtherGraduations: number };
  note: string;
}

let h: ServiceHarness;
let last: number;
let facts: ChainFacts;
let coins: SimCoin[];
const insider = keyPairFromLabel('health-e2e/insider');
let insiderCoin: SimCoin;
let insiderAmount: bigint;
const now = new Date('2030-01-01T00:00:00.000Z');

const creatorOf = (coin: SimCoin) => simWallet(SEED, coin.creator).address;
const actions = (kind: 'snipe' | 'bundle-buy' | 'wash' | 'transfer') => h.devnet.simulator!.log.ofKind(kind).filter((a) => a.ok && a.slot <= last);

/** The health facts of a coin read from the chain alone, as the signal definitions take them. */
function trueFacts(coin: SimCoin): HealthFacts {
  const creator = creatorOf(coin);
  const excluded = new Set<string>([...(facts.venues.get(coin.mint) ?? []), ...SERVICE]);
  const balances = new Map([...h.devnet.truth!.holdersAt(coin.mint, last)].filter(([owner, amount]) => amount > 0n && !excluded.has(owner)));
  const all: CoinTrade[] = facts.trades
    .filter((t) => t.mint === coin.mint)
    .map((t) => ({ slot: t.slot, signature: t.signature, trader: t.trader, side: t.side, coinAmount: BigInt(t.coinAmount) }));
  const bySlot = new Map<number, CoinTrade[]>();
  for (const t of all) bySlot.set(t.slot, [...(bySlot.get(t.slot) ?? []), t]);
  const crossSlots = [...bySlot].filter(
    ([, ts]) => ts.some((t) => t.side === 'buy') && ts.some((t) => t.side === 'sell') && new Set(ts.map((t) => t.trader)).size > 1,
  );
  const transfers = actions('transfer')
    .filter((a) => a.detail.mint === coin.mint && a.detail.from === creator)
    .map((a) => ({ to: a.detail.to as string, amount: BigInt(a.detail.amount as string) }));
  if (coin === insiderCoin) transfers.push({ to: insider.address, amount: insiderAmount });
  return {
    supply: SUPPLY,
    creator,
    launchSlot: coin.launchSlot,
    excluded,
    balances,
    trades: all.filter((t) => t.slot <= coin.launchSlot + SNIPER_WINDOW_SLOTS || t.trader === creator),
    crossTrades: crossSlots.flatMap(([, ts]) => ts),
    creatorTransfers: transfers,
    mintAuthority: null,
    freezeAuthority: null,
  };
}

async function health(mint: string): Promise<HealthBody> {
  const { status, body } = await h.get<HealthBody>(`/api/v1/coins/${mint}/health`);
  expect(status).toBe(200);
  return body;
}

beforeAll(async () => {
  h = await startService({ seed: SEED });
  await h.step(SLOTS);
  // An insider: the creator holding the most of its coin hands half of it to a new wallet.
  const held = (c: SimCoin) => h.devnet.truth!.balance(creatorOf(c), c.mint);
  insiderCoin = h.devnet.simulator!.state.coins.reduce((a, b) => (held(b) > held(a) ? b : a));
  insiderAmount = held(insiderCoin) / 2n;
  expect((insiderAmount * 10_000n) / SUPPLY).toBeGreaterThanOrEqual(100n);
  const creator = simWallet(SEED, insiderCoin.creator);
  transferTokens(h.devnet, creator, insiderCoin.mint, insider.address, insiderAmount);
  last = await h.land();
  coins = h.devnet.simulator!.state.coins.filter((c) => c.launchSlot <= last);
  facts = chainFacts(h.devnet.bank, CONFIG, h.fromSlot, last, new Set(coins.map((c) => c.mint)));
  const scorer = new HealthScorer({ olap: h.olap, serviceWallets: SERVICE, clock: () => now });
  expect(await scorer.runOnce()).toBe(coins.length);
  await h.useClock(now);
});

afterAll(async () => h?.stop());

describe('health end to end', () => {
  it('scores every coin as the definitions read the chain, to the bps', async () => {
    expect(coins.length).toBeGreaterThan(5);
    for (const coin of coins) {
      const body = await health(coin.mint);
      const expected = trueFacts(coin);
      const mine = coins.filter((c) => c.creator === coin.creator && c !== coin);
      expect(body.signals, coin.mint).toEqual(healthSignals(expected));
      expect(body.context, coin.mint).toEqual({
        holders: expected.balances.size,
        creatorOtherLaunches: mine.length,
        creatorOtherGraduations: mine.filter((c) => facts.graduations.has(c.mint)).length,
      });
      expect(body.checkedAt).toBe(now.toISOString());
      expect(body.grade).toMatch(/^[ABCDF]$/);
      // Coins launched through the service never keep a mint or freeze authority.
      expect([body.signals.mintAuthority, body.signals.freezeAuthority]).toEqual([false, false]);
    }
  });

  it('raises the sniper signal on coins a sniper bought into and still holds', async () => {
    const sniped = actions('snipe').filter((a) => {
      const coin = coins.find((c) => c.mint === a.detail.mint)!;
      const wallet = a.detail.wallet as string;
      return wallet !== creatorOf(coin) && (h.devnet.truth!.balance(wallet, coin.mint) * 10_000n) / SUPPLY >= 300n;
    });
    expect(sniped.length).toBeGreaterThan(0);
    for (const action of sniped) expect((await health(action.detail.mint as string)).levels.sniperBps, action.detail.mint as string).not.toBe('ok');
  });

  it('raises the bundle signal on coins bought by three or more wallets in their launch slot', async () => {
    const byMint = new Map<string, Set<string>>();
    for (const a of actions('bundle-buy')) {
      const coin = coins.find((c) => c.mint === a.detail.mint)!;
      if (a.detail.wallet !== creatorOf(coin)) byMint.set(coin.mint, (byMint.get(coin.mint) ?? new Set()).add(a.detail.wallet as string));
    }
    const bundled = [...byMint].filter(
      ([mint, wallets]) => wallets.size >= 3 && ([...wallets].reduce((sum, w) => sum + h.devnet.truth!.balance(w, mint), 0n) * 10_000n) / SUPPLY >= 300n,
    );
    expect(bundled.length).toBeGreaterThan(0);
    for (const [mint] of bundled) expect((await health(mint)).levels.bundleBps, mint).not.toBe('ok');
  });

  it('raises the wash signal on coins a wash pair traded back and forth', async () => {
    const washed = new Map<string, { buys: number; sells: number }>();
    for (const a of actions('wash')) {
      const seen = washed.get(a.detail.mint as string) ?? { buys: 0, sells: 0 };
      if (a.detail.side === 'buy') seen.buys++;
      else seen.sells++;
      washed.set(a.detail.mint as string, seen);
    }
    const targets = [...washed].filter(([, seen]) => seen.sells >= 2);
    expect(targets.length).toBeGreaterThan(0);
    for (const [mint] of targets) expect((await health(mint)).levels.washBps, mint).not.toBe('ok');
  });

  it('raises the insider signal on the coin whose creator handed coins out', async () => {
    const body = await health(insiderCoin.mint);
    expect(body.signals.insiderBps).toBeGreaterThanOrEqual(Number((h.devnet.truth!.balance(insider.address, insiderCoin.mint) * 10_000n) / SUPPLY));
    expect(body.levels.insiderBps).not.toBe('ok');
  });

  it('raises none of the sniper, bundle and wash signals on coins no sniper, bundle or wash pair touched', async () => {
    const touched = new Set([...actions('snipe'), ...actions('bundle-buy'), ...actions('wash')].map((a) => a.detail.mint));
    const clean = coins.filter((c) => !touched.has(c.mint) && c.washers.length === 0);
    expect(clean.length).toBeGreaterThan(0);
    for (const coin of clean) {
      const { levels } = await health(coin.mint);
      expect([levels.sniperBps, levels.bundleBps, levels.washBps], coin.mint).toEqual(['ok', 'ok', 'ok']);
    }
  });
});
