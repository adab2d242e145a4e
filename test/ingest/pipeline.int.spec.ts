// The pipeline from the raw-tx log to coin-events on a SQLite event log: every event validated and keyed
// (mint or `platform`), unreadable records skipped, a crash before commit repeating only identical events
// (deterministic ids), a restart recognising coins launched before it (the known-coins registry), a
// replay yielding the same events; and the chain → subscriber → pipeline path end to end.
import { afterEach, describe, expect, it } from 'vitest';
import { TOPICS, type EventLog, type LogRecord } from '../../infra/event-log/event-log.js';
import { decodeContext, eventKey } from '../../ingest/decoders/index.js';
import { KnownCoins } from '../../ingest/known-coins/known-coins.js';
import { appendKnownCoins } from '../../ingest/known-coins/registry-topic.js';
import { Pipeline } from '../../ingest/pipeline.js';
import { encodeRawRecord, slotKey, type RawTransaction } from '../../ingest/raw/raw-transaction.js';
import { parseEvent, type Event } from '../../schemas/events/index.js';
import { CONFIG, rawOf, startSimulatedDevnet } from './chain-fixture.js';
import { decodeAll, decodedRun } from './decoded-run.js';
import { readTopic, RestartableGeyser, silent, sleep, startSubscriber, tempLog, waitConnected, waitDurable, waitFor } from './ingest-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function logForTest(): EventLog {
  const { log, cleanup } = tempLog();
  cleanups.push(cleanup);
  return log;
}

/** Write raw transactions as the subscriber does: per slot, its transactions then its marker. */
async function writeRaw(log: EventLog, raws: readonly RawTransaction[]): Promise<void> {
  const slots = [...new Set(raws.map((raw) => raw.slot))];
  for (const slot of slots) {
    const txs = raws.filter((raw) => raw.slot === slot);
    await log.append(TOPICS.rawTransactions, [
      ...txs.map((tx) => ({ key: slotKey(slot), value: encodeRawRecord({ kind: 'tx', tx }) })),
      { key: slotKey(slot), value: encodeRawRecord({ kind: 'slot', marker: { slot, blockTime: txs[0]!.blockTime, transactions: txs.length } }) },
    ]);
  }
}

/** A log whose first commit fails: the process "crashes" after appending events and before committing. */
function commitFailsOnce(log: EventLog): EventLog {
  let failed = false;
  return {
    append: (topic, records) => log.append(topic, records),
    poll: (topic, group, options) => log.poll(topic, group, options),
    commit: async (topic, group, records) => {
      if (!failed) {
        failed = true;
        throw new Error('crashed before commit');
      }
      return log.commit(topic, group, records);
    },
    rewind: (topic, group) => log.rewind(topic, group),
    last: (topic) => log.last(topic),
    committed: (topic, group) => log.committed(topic, group),
    startAt: (topic, group, position) => log.startAt(topic, group, position),
    dropGroup: (topic, group) => log.dropGroup(topic, group),
    close: () => log.close(),
  };
}

function events(records: readonly LogRecord[]): Event[] {
  return records.map((record) => {
    const event = parseEvent(JSON.parse(record.value));
    expect(record.key).toBe(eventKey(event));
    return event;
  });
}

describe('pipeline', () => {
  it('turns the raw-tx log into validated, keyed coin events, at least once, and the same on replay', async () => {
    const run = await decodedRun(31, 140);
    cleanups.push(() => run.devnet.stop());
    const expected = decodeAll(run.raws, decodeContext(CONFIG, new KnownCoins())).events;
    const log = logForTest();
    await appendKnownCoins(log, [...run.ctx.coins.all()]); // as the subscriber registers launches
    await writeRaw(log, run.raws);
    const broken = { ...run.raws[5]!, instructions: [{ programIdIndex: 999, accounts: [], data: '' }] };
    await log.append(TOPICS.rawTransactions, [
      { key: 'x', value: 'not json' },
      { key: slotKey(broken.slot), value: encodeRawRecord({ kind: 'tx', tx: broken }) },
      // JSON of the right kind but no transaction: the pipeline trusts the shape, so the decoders must refuse it.
      { key: slotKey(broken.slot), value: JSON.stringify({ kind: 'tx', tx: { signature: broken.signature, slot: broken.slot } }) },
    ]);

    // A first process crashes after appending its first batch's events, before committing them.
    const first = await Pipeline.create({ log: commitFailsOnce(log), config: CONFIG, logger: silent, batchSize: 400 });
    await expect(first.runOnce()).rejects.toThrow('crashed before commit');
    // A second one starts over from the committed position and stops after a few batches.
    const second = await Pipeline.create({ log, config: CONFIG, logger: silent, batchSize: 100 });
    for (let i = 0; i < 4; i++) await second.runOnce();
    // A third one takes over, knowing the coins launched before it from the registry.
    const third = await Pipeline.create({ log, config: CONFIG, logger: silent, batchSize: 100 });
    await third.drain();
    const lastSlot = Math.max(...run.raws.map((r) => r.slot));
    expect(third.status()).toMatchObject({ skipped: 3, invalidEvents: 0, lastSlot });

    const written = events(await readTopic(log, TOPICS.coinEvents));
    expect(written.length).toBeGreaterThan(expected.length); // the batch before the crash was appended twice
    const byId = new Map(written.map((event) => [event.id, event]));
    expect([...byId.values()].map((e) => JSON.stringify(e)).sort()).toEqual(expected.map((e) => JSON.stringify(e)).sort());

    // Replaying the raw-tx log in a new group gives the same events in the same order.
    const replay = await Pipeline.create({ log, config: CONFIG, logger: silent, group: 'replay' });
    await replay.drain();
    const again = events(await readTopic(log, TOPICS.coinEvents)).slice(written.length);
    expect(again.map((e) => JSON.stringify(e))).toEqual(expected.map((e) => JSON.stringify(e)));

    // Running in the background, a failed batch is retried from the committed position.
    const background = await Pipeline.create({ log: commitFailsOnce(log), config: CONFIG, logger: silent, group: 'background', retryMs: 10, pollWaitMs: 20 });
    background.start();
    await waitFor(() => background.status().lastSlot === lastSlot && background.status().skipped >= 3, 'the background pipeline to finish');
    await background.stop();
    const latest = events(await readTopic(log, TOPICS.coinEvents)).slice(written.length + again.length);
    expect(new Set(latest.map((e) => e.id))).toEqual(new Set(expected.map((e) => e.id)));
  });

  it('from the chain: subscriber then pipeline yield the events of every matching transaction', async () => {
    const devnet = await startSimulatedDevnet(41);
    const geyser = await RestartableGeyser.start(devnet);
    cleanups.push(
      () => devnet.stop(),
      () => geyser.close(),
    );
    const log = logForTest();
    const subscriber = await startSubscriber(geyser.url, log, { startSlot: devnet.bank.workingSlot });
    cleanups.push(() => subscriber.stop());
    await waitConnected(subscriber);
    const pipeline = await Pipeline.create({ log, config: CONFIG, logger: silent, pollWaitMs: 20 });
    pipeline.start();
    cleanups.push(() => pipeline.stop());
    const blocks = [];
    for (let i = 0; i < 60; i++) {
      blocks.push(...devnet.step());
      await sleep(2);
    }
    const last = devnet.bank.latestBlock.slot - 1;
    await waitDurable(subscriber, last);
    await waitFor(() => (pipeline.status().lastSlot ?? 0) >= last, 'the pipeline to catch up');

    const direct = decodeAll(
      blocks
        .filter((b) => b.slot <= last)
        .flatMap((b) => b.transactions)
        .filter((tx) => tx.meta.err === null)
        .map(rawOf),
      decodeContext(CONFIG, new KnownCoins()),
    ).events;
    const written = events(await readTopic(log, TOPICS.coinEvents)).filter((e) => e.slot <= last);
    expect(written.map((e) => e.id)).toEqual(direct.map((e) => e.id));
    expect(written).toEqual(direct);
    expect(new Set(written.map((e) => e.type)).size).toBeGreaterThan(5);

    // Started again with nothing left to decode (the chain is still), it knows its last slot at once.
    await pipeline.stop();
    const restarted = await Pipeline.create({ log, config: CONFIG, logger: silent });
    expect(restarted.status().lastSlot).toBe(last);
  });
});
