// The subscriber against the devnet's Yellowstone server through the official client, into a SQLite
// event log: every matching transaction written exactly once in slot order, nothing lost or repeated
// across a server restart or a killed subscriber in the middle of a burst, a gap record for a hole
// older than the server's retention, and plain wallet-to-wallet coin transfers captured.
import type { Address } from '@solana/kit';
import { afterEach, describe, expect, it } from 'vitest';
import type { Devnet } from '../../infra/devnet/devnet.js';
import { Devnet as DevnetClass } from '../../infra/devnet/devnet.js';
import { WELL_KNOWN_KEYS } from '../../infra/devnet/genesis/well-known-keys.js';
import { firstAvailableSlot as serverFirstAvailable, startGeyserServer } from '../../infra/devnet/geyser/index.js';
import { TOPICS } from '../../infra/event-log/event-log.js';
import { KNOWN_COINS_TOPIC } from '../../ingest/known-coins/registry-topic.js';
import type { RawRecord } from '../../ingest/raw/raw-transaction.js';
import type { Subscriber } from '../../ingest/subscriber/subscriber.js';
import { encodeKeeperMemo } from '../../schemas/programs/keeper-memo.js';
import { act } from '../../infra/devnet/actions.js';
import { CONFIG, memoInstruction, plainTransfer, simWallet, startSimulatedDevnet } from './chain-fixture.js';
import { readRaw, readTopic, RestartableGeyser, sleep, startSubscriber, tempLog, waitConnected, waitDurable } from './ingest-harness.js';

const SEED = 7;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(devnet: Devnet) {
  const geyser = await RestartableGeyser.start(devnet);
  const { log, cleanup } = tempLog();
  cleanups.push(
    () => devnet.stop(),
    () => geyser.close(),
    cleanup,
  );
  return { geyser, log };
}

async function subscribe(...args: Parameters<typeof startSubscriber>): Promise<Subscriber> {
  const subscriber = await startSubscriber(...args);
  cleanups.push(() => subscriber.stop());
  await waitConnected(subscriber);
  return subscriber;
}

const SERVICE = new Set<string>([CONFIG.programs.launchpad, CONFIG.programs.poolVenue, ...Object.values(CONFIG.wallets)]);

/** What the service should keep of slots [from, to]: successful transactions naming a program or wallet of
 * its own, or moving a coin the simulator launched. */
function expectedSignatures(devnet: Devnet, from: number, to: number, coins = new Set(devnet.simulator?.state.coins.map((c) => c.mint as string))): string[] {
  const out: string[] = [];
  for (let slot = from; slot <= to; slot++) {
    for (const tx of devnet.bank.getBlock(slot)?.transactions ?? []) {
      if (tx.meta.err !== null) continue;
      const balances = [...tx.meta.preTokenBalances, ...tx.meta.postTokenBalances];
      if (tx.accountKeys.some((k) => SERVICE.has(k)) || balances.some((b) => coins.has(b.mint))) out.push(tx.signature);
    }
  }
  return out;
}

/** Transactions in order, each slot's closed by one marker counting them; returns the signatures. */
function checkRawLog(records: RawRecord[]): string[] {
  let open: number[] = [];
  let lastMarker = -1;
  for (const record of records) {
    if (record.kind === 'tx') {
      expect(record.tx.slot).toBeGreaterThan(lastMarker);
      open.push(record.tx.slot);
      continue;
    }
    const { slot, transactions } = record.marker;
    expect(slot).toBeGreaterThan(lastMarker);
    expect(open.every((s) => s <= slot)).toBe(true);
    expect(transactions).toBe(open.filter((s) => s === slot).length);
    open = [];
    lastMarker = slot;
  }
  return records.flatMap((r) => (r.kind === 'tx' ? [r.tx.signature] : []));
}

/** Step `slots` slots, yielding between them so the stream runs while the chain moves. */
async function burst(devnet: Devnet, slots: number, during?: { at: number; run: () => Promise<void> }): Promise<void> {
  let side: Promise<void> | null = null;
  for (let i = 0; i < slots; i++) {
    if (during && i === during.at) side = during.run();
    devnet.step();
    await sleep(2);
  }
  await side;
}

describe('subscriber', () => {
  it('writes every matching transaction exactly once, in slot order, each slot closed by its marker', async () => {
    const devnet = await startSimulatedDevnet(SEED);
    const { geyser, log } = await setup(devnet);
    const from = devnet.bank.workingSlot;
    const subscriber = await subscribe(geyser.url, log, { startSlot: from });
    await burst(devnet, 60);
    const last = devnet.bank.latestBlock.slot - 1; // confirmed once the next slot is sealed
    await waitDurable(subscriber, last);

    const records = (await readRaw(log)).filter((r) => (r.kind === 'tx' ? r.tx.slot : r.marker.slot) <= last);
    const expected = expectedSignatures(devnet, from, last);
    expect(expected.length).toBeGreaterThan(200);
    expect(checkRawLog(records)).toEqual(expected);
    const markers = records.flatMap((r) => (r.kind === 'slot' ? [r.marker.slot] : []));
    expect(markers).toEqual(Array.from({ length: last - from + 1 }, (_, i) => from + i));
    for (const record of records) if (record.kind === 'tx') expect(record.tx.blockTime).toBe(devnet.bank.getBlock(record.tx.slot)!.blockTime);
    const all = Array.from({ length: last - from + 1 }, (_, i) => devnet.bank.getBlock(from + i)!.transactions).flat();
    expect(all.length).toBeGreaterThan(expected.length); // funding and failed transactions are left out
    const registry = (await readTopic(log, KNOWN_COINS_TOPIC)).map((r) => r.key);
    expect(new Set(registry)).toEqual(new Set(devnet.simulator!.state.coins.map((c) => c.mint)));
    expect(subscriber.status()).toMatchObject({ connected: true, lastDurableSlot: last, gaps: [], transactionsWritten: expected.length });
  });

  it('loses and repeats nothing when the server restarts in the middle of a burst', async () => {
    const devnet = await startSimulatedDevnet(SEED + 1);
    const { geyser, log } = await setup(devnet);
    const from = devnet.bank.workingSlot;
    const subscriber = await subscribe(geyser.url, log, { startSlot: from });
    await burst(devnet, 80, { at: 30, run: () => geyser.restart() });
    expect(subscriber.status().reconnects).toBeGreaterThan(0);
    const last = devnet.bank.latestBlock.slot - 1;
    await waitDurable(subscriber, last);
    const records = (await readRaw(log)).filter((r) => (r.kind === 'tx' ? r.tx.slot : r.marker.slot) <= last);
    expect(checkRawLog(records)).toEqual(expectedSignatures(devnet, from, last));
  });

  it('resumes from the last durable slot when killed in the middle of a burst and started again', async () => {
    const devnet = await startSimulatedDevnet(SEED + 2);
    const { geyser, log } = await setup(devnet);
    const from = devnet.bank.workingSlot;
    const first = await subscribe(geyser.url, log, { startSlot: from });
    let durableAtKill = -1;
    await burst(devnet, 40, {
      at: 20,
      run: async () => {
        await first.stop();
        durableAtKill = first.status().lastDurableSlot!;
      },
    });
    expect(durableAtKill).toBeGreaterThan(from);
    expect(durableAtKill).toBeLessThan(devnet.bank.latestBlock.slot - 5); // the chain moved on while no one listened
    const second = await subscribe(geyser.url, log);
    await burst(devnet, 20);
    const last = devnet.bank.latestBlock.slot - 1;
    await waitDurable(second, last);
    const records = (await readRaw(log)).filter((r) => (r.kind === 'tx' ? r.tx.slot : r.marker.slot) <= last);
    expect(checkRawLog(records)).toEqual(expectedSignatures(devnet, from, last));
    expect(second.status().gaps).toEqual([]);
  });

  it('finishes a slot written in part without writing its first transactions again', async () => {
    const devnet = await startSimulatedDevnet(SEED + 3);
    const { geyser, log } = await setup(devnet);
    const from = devnet.bank.workingSlot;
    const first = await subscribe(geyser.url, log, { startSlot: from });
    await burst(devnet, 30);
    const last = devnet.bank.latestBlock.slot - 1;
    await waitDurable(first, last);
    await first.stop();
    // A second log holding the first one's records up to the middle of a busy slot (an append cut short).
    const records = await readRaw(log);
    const cut = records.findIndex((r, i) => r.kind === 'tx' && records[i + 1]?.kind === 'tx' && records[i + 2]?.kind === 'tx' && r.tx.slot > from + 5);
    const { log: partial, cleanup } = tempLog();
    cleanups.push(cleanup);
    await partial.append(
      TOPICS.rawTransactions,
      (await readTopic(log, TOPICS.rawTransactions)).slice(0, cut + 1).map(({ key, value }) => ({ key, value })),
    );
    await partial.append(
      KNOWN_COINS_TOPIC,
      (await readTopic(log, KNOWN_COINS_TOPIC)).map(({ key, value }) => ({ key, value })),
    );
    const second = await subscribe(geyser.url, partial);
    await burst(devnet, 5);
    await waitDurable(second, devnet.bank.latestBlock.slot - 1);
    const resumed = (await readRaw(partial)).filter((r) => (r.kind === 'tx' ? r.tx.slot : r.marker.slot) <= last);
    const signatures = resumed.flatMap((r) => (r.kind === 'tx' ? [r.tx.signature] : []));
    expect(signatures).toEqual(expectedSignatures(devnet, from, last));
  });

  it('records a gap when the hole is older than the server keeps, then continues from the first available slot', async () => {
    const devnet = await DevnetClass.start({ speed: 'manual', seed: 1, simulate: false });
    const { geyser, log } = await setup(devnet);
    const keeper = WELL_KNOWN_KEYS.keeper;
    const price = (microUsd: string) => act(devnet, [keeper], [memoInstruction(keeper.address, encodeKeeperMemo({ kind: 'price', solMicroUsd: microUsd }))]);
    const first = await subscribe(geyser.url, log, { startSlot: devnet.bank.workingSlot });
    const before = price('100000000');
    devnet.step(2);
    await waitDurable(first, before.slot);
    await first.stop();
    const lastDurable = first.status().lastDurableSlot!;

    devnet.step(devnet.bank.options.retainSlots + 100); // the hole
    const after = price('200000000');
    devnet.step(2);
    const available = serverFirstAvailable(devnet.bank);
    expect(available).toBeGreaterThan(lastDurable + 1);
    const second = await subscribe(geyser.url, log);
    await waitDurable(second, after.slot);

    const gap = { lastSlotBefore: lastDurable, firstSlotAfter: available, missedSlots: available - lastDurable - 1 };
    const gaps = (await readTopic(log, TOPICS.ingestGaps)).map((r) => JSON.parse(r.value) as Record<string, unknown>);
    expect(gaps).toEqual([expect.objectContaining(gap)]);
    expect(second.status().gaps).toEqual([expect.objectContaining(gap)]);
    const records = await readRaw(log);
    expect(records.filter((r) => r.kind === 'tx').map((r) => (r.kind === 'tx' ? r.tx.signature : ''))).toEqual([before.signature, after.signature]);
    expect(records.find((r) => r.kind === 'slot' && r.marker.gap)).toMatchObject({ marker: { slot: available - 1, gap: true } });

    // A restart after the gap resumes normally: no second gap record.
    await second.stop();
    const third = await subscribe(geyser.url, log);
    devnet.step(3);
    await waitDurable(third, devnet.bank.latestBlock.slot - 1);
    expect(third.status().gaps).toEqual([]);
    expect(await readTopic(log, TOPICS.ingestGaps)).toHaveLength(1);
  });

  it('reconnects when the stream goes silent, and still writes what follows once', async () => {
    const devnet = await DevnetClass.start({ speed: 'manual', seed: 1, simulate: false });
    const server = await startGeyserServer({ bank: devnet.bank, port: 0, pingIntervalMs: 60_000 });
    const { log, cleanup } = tempLog();
    cleanups.push(
      () => devnet.stop(),
      () => server.close(),
      cleanup,
    );
    const subscriber = await subscribe(server.url, log, { startSlot: devnet.bank.workingSlot, idleTimeoutMs: 300 });
    await sleep(1_000); // no slots, no pings: silence
    expect(subscriber.status().reconnects).toBeGreaterThan(0);
    const keeper = WELL_KNOWN_KEYS.keeper;
    const tx = act(devnet, [keeper], [memoInstruction(keeper.address, encodeKeeperMemo({ kind: 'price', solMicroUsd: '123000000' }))]);
    devnet.step(2);
    await waitDurable(subscriber, tx.slot);
    expect((await readRaw(log)).filter((r) => r.kind === 'tx').map((r) => (r.kind === 'tx' ? r.tx.signature : ''))).toEqual([tx.signature]);
  });

  it('captures a plain wallet-to-wallet SPL Transfer of a coin, which names no program or wallet of ours', async () => {
    const devnet = await startSimulatedDevnet(SEED + 4);
    const { geyser, log } = await setup(devnet);
    const subscriber = await subscribe(geyser.url, log, { startSlot: devnet.bank.workingSlot });
    await burst(devnet, 40); // coins launched, traded and held
    const wallets = Array.from({ length: devnet.simulator!.state.wallets }, (_, i) => simWallet(SEED + 4, i));
    const coin = devnet.simulator!.state.coins.find((c) => wallets.filter((w) => devnet.truth!.balance(w.address, c.mint) > 0n).length >= 2)!;
    const [from, to] = wallets.filter((w) => devnet.truth!.balance(w.address, coin.mint) > 0n);
    const tx = plainTransfer(devnet, from!, coin.mint, to!.address as Address, 1_234n, coin.tokenProgram);
    expect(tx.accountKeys).not.toContain(coin.mint);
    expect(tx.accountKeys.some((k) => SERVICE.has(k))).toBe(false);
    devnet.step(2);
    await waitDurable(subscriber, tx.slot);
    const written = (await readRaw(log)).filter((r) => r.kind === 'tx' && r.tx.signature === tx.signature);
    expect(written).toHaveLength(1);
    const record = written[0]!;
    expect(record.kind === 'tx' && record.tx.meta.postTokenBalances.map((b) => b.mint)).toContain(coin.mint);
  });
});
