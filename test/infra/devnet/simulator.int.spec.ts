// The traffic simulator: deterministic for a seed, every kind of activity in one run, and the
// ledger it leaves conserves lamports and tokens.
import { describe, expect, it } from 'vitest';
import { Devnet } from '../../../infra/devnet/devnet.js';
import type { SimActionKind } from '../../../infra/devnet/simulator/action-log.js';
import { readMint, readTokenAccount, isTokenProgram } from '../../../infra/devnet/runtime/token-layout.js';
import { accountsDigest, totalLamports } from '../../../infra/devnet/truth/ledger-digest.js';

const TUNE = {
  tradesPerSlot: 4,
  launchesPerSlot: 1 / 6,
  initialWallets: 40,
  claimEvery: 20,
  roundEvery: 40,
  firstRoundAt: 60,
  creatorSendEvery: 25,
  priceEvery: 10,
  graduationAt: 30,
  graduationEvery: 60,
};
const SLOTS = 140;
const ALL_KINDS: SimActionKind[] = [
  'fund', 'launch', 'lock-split', 'buy', 'sell', 'snipe', 'bundle-buy', 'wash', 'transfer',
  'graduate', 'claim-fees', 'payout-round', 'payout', 'creator-send', 'burn', 'price',
];

function missingKinds(devnet: Devnet): SimActionKind[] {
  const kinds = devnet.simulator!.log.kinds();
  return ALL_KINDS.filter((kind) => !kinds.has(kind));
}

async function run(seed: number) {
  const devnet = await Devnet.start({ speed: 'manual', seed, simulate: { profile: 'max', tune: TUNE } });
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

  it('with realtime defaults shows every kind of activity within two minutes of slots', async () => {
    const devnet = await Devnet.start({ speed: 'manual', seed: 5, simulate: { profile: 'realtime' } });
    devnet.step(300); // 300 slots of 400 ms
    expect(missingKinds(devnet)).toEqual([]);
    await devnet.stop();
  });
});
