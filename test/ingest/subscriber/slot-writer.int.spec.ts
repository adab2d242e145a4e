// The slot writer drops a transaction it has written when the stream brings its signature again in a later slot,
// for as long as the signature could land again (its blockhash's lifetime), however many transactions came between.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOPICS } from '../../../infra/event-log/event-log.js';
import { SqliteEventLog } from '../../../infra/event-log/sqlite-event-log.js';
import { parseRawRecord, type RawTransaction } from '../../../ingest/raw/raw-transaction.js';
import { SlotWriter } from '../../../ingest/subscriber/slot-writer.js';

let dir: string;
let log: SqliteEventLog;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'slot-writer-'));
  log = SqliteEventLog.open(dir, { synchronous: 'NORMAL', pollIntervalMs: 5 });
});

afterEach(async () => {
  await log.close();
  rmSync(dir, { recursive: true, force: true });
});

function tx(signature: string, slot: number, index: number): RawTransaction {
  return {
    signature,
    slot,
    index,
    blockTime: null,
    version: 0,
    numRequiredSignatures: 1,
    accountKeys: [],
    instructions: [],
    meta: {
      fee: '5000',
      preBalances: [],
      postBalances: [],
      logMessages: [],
      innerInstructions: [],
      preTokenBalances: [],
      postTokenBalances: [],
      computeUnitsConsumed: null,
    },
  };
}

async function writtenSignatures(): Promise<string[]> {
  await log.startAt(TOPICS.rawTransactions, 'reader', new Map());
  const signatures: string[] = [];
  for (;;) {
    const records = await log.poll(TOPICS.rawTransactions, 'reader', { maxRecords: 50_000, waitMs: 0 });
    if (records.length === 0) return signatures;
    for (const record of records) {
      const raw = parseRawRecord(record.value);
      if (raw.kind === 'tx') signatures.push(raw.tx.signature);
    }
    await log.commit(TOPICS.rawTransactions, 'reader', records);
  }
}

describe('the slot writer', () => {
  it('given a signature written at slot 1 and 120,000 other transactions in the next 60 slots, drops it when it comes again at slot 62', async () => {
    const writer = new SlotWriter(log, { durableSlot: null, partial: null }, new Set(), 1, pino({ level: 'silent' }));
    writer.add(tx('again', 1, 0), []);
    await writer.complete(1);
    for (let slot = 2; slot <= 61; slot++) {
      for (let index = 0; index < 2_000; index++) writer.add(tx(`s${slot}-${index}`, slot, index), []);
      await writer.complete(slot);
    }
    writer.add(tx('again', 62, 0), []);
    await writer.complete(62);
    const signatures = await writtenSignatures();
    expect(signatures.length).toBe(120_001);
    expect(signatures.filter((signature) => signature === 'again')).toHaveLength(1);
  }, 60_000);

  it('given a signature written 301 slots ago, past any blockhash it could carry, writes it again at its new slot', async () => {
    const writer = new SlotWriter(log, { durableSlot: null, partial: null }, new Set(), 1, pino({ level: 'silent' }));
    writer.add(tx('old', 1, 0), []);
    await writer.complete(1);
    for (let slot = 2; slot <= 301; slot++) await writer.complete(slot);
    writer.add(tx('old', 302, 0), []);
    await writer.complete(302);
    expect((await writtenSignatures()).filter((signature) => signature === 'old')).toHaveLength(2);
  });
});
