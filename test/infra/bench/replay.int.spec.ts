// The benchmarks' replayed chain: given a small simulated market captured from the devnet, an official client
// subscribing to the replay with the ingest's request receives the captured slots from the slot it asks for, in
// order, each slot's transactions before its confirmation; it gets pongs to its pings, and the replay refuses what it
// cannot serve (another subscription, a slot before the capture) with Yellowstone's statuses. The capture keeps the
// market's ground truth beside it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommitmentLevel, SlotStatus, SubscribeRequest } from '@triton-one/yellowstone-grpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCapture, type Capture } from '../../../infra/bench/replay/capture-file.js';
import { capturedRequest, captureMarket } from '../../../infra/bench/replay/capture.js';
import { startReplayServer, type ReplayServer } from '../../../infra/bench/replay/replay-server.js';
import { YellowstoneClient } from '../../../infra/yellowstone/client.js';
import { encodeBase58 } from '../../../schemas/base58.js';
import { Subscription } from '../devnet/geyser-harness.js';

let dir: string;
let capture: Capture;
let server: ReplayServer;
let client: YellowstoneClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'launchtape-replay-'));
  const path = join(dir, 'market.bin');
  await captureMarket({ path, seed: 3, transactions: 600, onProgress: () => undefined });
  capture = readCapture(path);
  server = await startReplayServer(capture);
  client = new YellowstoneClient(server.url, undefined, {});
  await client.connect();
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const request = (fromSlot?: number) => SubscribeRequest.toJSON({ ...capturedRequest(), ...(fromSlot === undefined ? {} : { fromSlot: String(fromSlot) }) });

describe('a captured chain replayed', () => {
  it('keeps every confirmed slot of the market with its trades and the ground truth of its coins', () => {
    const { description, slots } = capture;
    expect(description.transactions).toBeGreaterThanOrEqual(600);
    expect(slots.reduce((sum, slot) => sum + slot.transactions, 0)).toBe(description.transactions);
    expect(slots[0]!.slot).toBe(description.firstSlot);
    expect(slots.at(-1)!.slot).toBe(description.lastSlot);
    const coins = Object.values(description.truth);
    expect(coins.length).toBeGreaterThan(0);
    expect(coins.reduce((sum, coin) => sum + coin.trades, 0)).toBeGreaterThan(0);
  });

  it('delivers the released slots from the slot asked for, transactions first, then the slot confirmed, in slot order', async () => {
    const from = capture.slots[3]!;
    const subscription = await Subscription.open(client);
    await subscription.write(SubscribeRequest.fromJSON(request(from.slot)));
    server.release(capture.slots.length);
    const last = capture.description.lastSlot;
    await subscription.waitFor((s) => s.updates.some((u) => u.slot?.status === SlotStatus.SLOT_CONFIRMED && Number(u.slot.slot) === last));
    const confirmed = subscription.updates.filter((u) => u.slot !== undefined).map((u) => Number(u.slot!.slot));
    expect(confirmed).toEqual(capture.slots.slice(3).map((slot) => slot.slot));
    const expectedMessages = capture.slots.slice(3).reduce((sum, slot) => sum + slot.messages.length, 0);
    expect(subscription.updates.length).toBe(expectedMessages);
    // Every transaction arrives before its slot's confirmation, and the slots' sampled trades are all there.
    let pending: number[] = [];
    for (const update of subscription.updates) {
      if (update.transaction) pending.push(Number(update.transaction.slot));
      if (update.slot) {
        expect(pending.every((slot) => slot === Number(update.slot!.slot))).toBe(true);
        pending = [];
      }
    }
    const received = new Set(subscription.transactions.map((tx) => encodeBase58(tx.transaction!.signature)));
    expect(received.size).toBe(subscription.transactions.length);
    const sampled = capture.slots.slice(3).flatMap((slot) => slot.samples.map((trade) => trade.signature));
    expect(sampled.length).toBeGreaterThan(0);
    expect(sampled.filter((signature) => !received.has(signature))).toEqual([]);
    subscription.close();
  });

  it('answers a ping with its pong', async () => {
    const subscription = await Subscription.open(client);
    await subscription.apply({ ping: { id: 42 } });
    expect(subscription.updates.some((u) => u.pong?.id === 42)).toBe(true);
    subscription.close();
  });

  it('refuses another subscription than the captured one, and a slot before the capture', async () => {
    const other = await Subscription.open(client);
    await other.write({ ...capturedRequest(), commitment: CommitmentLevel.PROCESSED });
    expect(await other.waitForError()).toContain('only the captured subscription');
    const early = await Subscription.open(client);
    await early.write(SubscribeRequest.fromJSON(request(capture.description.firstSlot - 1)));
    expect(await early.waitForError()).toContain(`broadcast from ${capture.description.firstSlot - 1} is not available`);
  });
});
