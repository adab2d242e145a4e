// The slot writer completing several confirmed slots at once (a subscriber catching up) writes exactly the records
// that completing them one by one writes (each slot's transactions in index order, then its marker; empty slots
// marked only when a checkpoint is due), in one write.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { TOPICS, type EventLog, type WriteBatch } from '../../infra/event-log/event-log.js';
import { SqliteEventLog } from '../../infra/event-log/sqlite-event-log.js';
import type { RawTransaction } from '../../ingest/raw/raw-transaction.js';
import { SlotWriter } from '../../ingest/subscriber/slot-writer.js';

const dirs: string[] = [];
const logs: EventLog[] = [];
afterEach(async () => {
  for (const log of logs.splice(0)) await log.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tx(slot: number, index: number): RawTransaction {
  return {
    signature: `sig-${slot}-${index}`,
    slot,
    index,
    blockTime: null,
    version: 0,
    numRequiredSignatures: 1,
    accountKeys: ['payer'],
    instructions: [],
    meta: { fee: '5000', preBalances: ['1'], postBalances: ['1'], logMessages: [], innerInstructions: [], preTokenBalances: [], postTokenBalances: [], computeUnitsConsumed: null },
  };
}

/** A writer on a fresh log, counting its writes, with transactions pending in slots 3, 4 and 7 (out of order). */
function writer(checkpointEverySlots: number): { writer: SlotWriter; log: SqliteEventLog; writes: () => number } {
  const dir = mkdtempSync(join(tmpdir(), 'slot-writer-'));
  dirs.push(dir);
  const log = SqliteEventLog.open(dir, { synchronous: 'NORMAL' });
  logs.push(log);
  let writes = 0;
  const write = log.write.bind(log);
  log.write = (batch: WriteBatch) => {
    writes++;
    return write(batch);
  };
  const slotWriter = new SlotWriter(log, { durableSlot: 2, partial: null }, new Set(), checkpointEverySlots, pino({ level: 'silent' }));
  for (const [slot, index] of [[4, 1], [3, 0], [4, 0], [7, 2], [3, 1]] as const) slotWriter.add(tx(slot, index), []);
  for (const slot of [3, 4, 5, 6, 7, 8]) slotWriter.blockTime(slot, 1_000 + slot);
  return { writer: slotWriter, log, writes: () => writes };
}

async function values(log: EventLog): Promise<string[]> {
  return (await log.poll(TOPICS.rawTransactions, 'test', { maxRecords: 100 })).map((record) => `${record.key} ${record.value}`);
}

describe('slot writer', () => {
  for (const checkpointEverySlots of [1, 3]) {
    it(`writes several confirmed slots in one write, as one by one would (checkpoint every ${checkpointEverySlots})`, async () => {
      const single = writer(checkpointEverySlots);
      for (const slot of [3, 4, 5, 6, 7, 8]) await single.writer.complete(slot);
      const batched = writer(checkpointEverySlots);
      await batched.writer.complete(3, 4, 5, 6, 7, 8);

      const expected = await values(single.log);
      expect(expected.filter((value) => value.includes('"kind":"slot"')).length).toBe(checkpointEverySlots === 1 ? 6 : 3);
      expect(await values(batched.log)).toEqual(expected);
      expect(batched.writes()).toBe(1);
      expect(single.writes()).toBeGreaterThan(1);
      expect([batched.writer.durableSlot, batched.writer.written]).toEqual([single.writer.durableSlot, single.writer.written]);
      expect(batched.writer.isWritten({ signature: 'sig-7-2', slot: 7, index: 2 })).toBe(true);
    });
  }
});
