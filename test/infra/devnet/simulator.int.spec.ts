// The traffic simulator: deterministic for a seed, every kind of activity in one run, the ledger it
// leaves conserves lamports and tokens, and a share of trades goes through the service's swap front end.
import { QUICK_TUNE } from '../../../infra/devnet/simulator/simulator.js';
import { describe, expect, it } from 'vitest';
import { Devnet } from '../../../infra/devnet/devnet.js';
import type { SimActionKind } from '../../../infra/devnet/simulator/action-log.js';
import { FRONT_END_SHARE, SWAP_REFERRER } from '../../../infra/devnet/simulator/activities/trading.js';
import { NATIVE_MINT_ID } from '../../../schemas/programs/token-addresses.js';
import { readMint, readTokenAccount, isTokenProgram } from '../../../infra/devnet/runtime/token-layout.js';
import { accountsDigest, totalLamports } from '../../../infra/devnet/truth/ledger-digest.js';

const SLOTS = 140;
const ALL_KINDS: SimActionKind[] = [
  'fund',
  'launch',
  'lock-split',
  'buy',
  'sell',
  'snipe',
  'bundle-buy',
  'wash',
  'transfer',
  'graduate',
  'claim-fees',
  'payout-round',
  'payout',
  'creator-send',
  'burn',
  'price',
];

function missingKinds(devnet: Devnet): SimActionKind[] {
  const kinds = devnet.simulator!.log.kinds();
  return ALL_KINDS.filter((kind) => !kinds.has(kind));
}

async function run(seed: number) {
  const devnet = await Devnet.start({ speed: 'manual', seed, simulate: { profile: 'max', tune: QUICK_TUNE } });
  const genesisLamports = totalLamports(devnet.bank);
  let fees = 0n;
  for (const block of devnet.step(SLOTS)) for (const tx of block.transactions) fees += tx.meta.fee;
  return { devnet, genesisLamports, fees };
}

describe('traffic simulator', () => {
  it('produces the same ledger twice for one seed, and a different one for another seed', async () => {
    const a = await run(11);
    const b = await run(11);
    const c = await run(12);
    expect(a.devnet.bank.latestBlock.blockhash).toBe(b.devnet.bank.latestBlock.blockhash);
    expect(accountsDigest(a.devnet.bank)).toBe(accountsDigest(b.devnet.bank));
    expect(a.devnet.simulator!.log.actions.length).toBe(b.devnet.simulator!.log.actions.length);
    expect(c.devnet.bank.latestBlock.blockhash).not.toBe(a.devnet.bank.latestBlock.blockhash);
    await Promise.all([a.devnet.stop(), b.devnet.stop(), c.devnet.stop()]);
  });

  it('shows every kind of activity in one run and conserves lamports and tokens', async () => {
    const { devnet, genesisLamports, fees } = await run(21);
    expect(missingKinds(devnet)).toEqual([]);
    const launches = devnet.simulator!.log.ofKind('launch').filter((a) => a.ok);
    expect(new Set(launches.map((a) => a.detail.route))).toEqual(new Set(['launchpad', 'pool-venue']));

    // Lamports leave the ledger only as fees.
    expect(totalLamports(devnet.bank)).toBe(genesisLamports - fees);
    // Every mint's supply equals the sum of its token accounts.
    const supply = new Map<string, bigint>();
    const held = new Map<string, bigint>();
    for (const [address, account] of devnet.bank.accounts.entries()) {
      if (!isTokenProgram(account.owner)) continue;
      const token = readTokenAccount(account.data);
      if (token) held.set(token.mint, (held.get(token.mint) ?? 0n) + token.amount);
      else if (account.data.length >= 82) {
        const mint = readMint(account.data);
        if (mint?.isInitialized) supply.set(address, mint.supply);
      }
    }
    for (const [mint, total] of supply) {
      if (mint === 'So11111111111111111111111111111111111111112') continue;
      expect(held.get(mint) ?? 0n, mint).toBe(total);
    }
    await devnet.stop();
  });

  it('places about a fifth of ordinary trades through the swap front end; SOL pairs pay its referrer, other pairs nothing', async () => {
    const { devnet } = await run(12);
    const trades = devnet.simulator!.log.actions.filter((a) => (a.kind === 'buy' || a.kind === 'sell') && a.ok && !a.detail.whale);
    const referred = trades.filter((a) => a.detail.referrer !== undefined);
    expect(referred.length / trades.length).toBeGreaterThan(FRONT_END_SHARE - 0.06);
    expect(referred.length / trades.length).toBeLessThan(FRONT_END_SHARE + 0.06);
    const quoteOf = (mint: unknown) => devnet.simulator!.state.coins.find((c) => c.mint === mint)!.quoteMint;
    const paid = (signature: string | null, slot: number) => {
      const tx = devnet.bank.getBlock(slot)!.transactions.find((t) => t.signature === signature)!;
      const i = tx.accountKeys.indexOf(SWAP_REFERRER);
      return i < 0 ? 0n : tx.meta.postBalances[i]! - tx.meta.preBalances[i]!;
    };
    const sol = referred.filter((a) => quoteOf(a.detail.mint) === NATIVE_MINT_ID);
    expect(sol.length).toBeGreaterThan(0);
    expect(sol.length).toBeLessThan(referred.length);
    for (const action of referred) {
      expect(action.detail.referrer).toBe(SWAP_REFERRER);
      if (sol.includes(action)) expect(paid(action.signature, action.slot)).toBeGreaterThan(0n);
      else expect(paid(action.signature, action.slot)).toBe(0n);
    }
    for (const action of trades.filter((a) => a.detail.referrer === undefined)) expect(paid(action.signature, action.slot)).toBe(0n);
    await devnet.stop();
  });

  it('with realtime defaults shows every kind of activity within two minutes of slots', async () => {
    const devnet = await Devnet.start({ speed: 'manual', seed: 5, simulate: { profile: 'realtime' } });
    devnet.step(300); // 300 slots of 400 ms
    expect(missingKinds(devnet)).toEqual([]);
    await devnet.stop();
  });
});
