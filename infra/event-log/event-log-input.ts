// Input checks shared by both event-log implementations: bad input is refused, with a message naming the
// offending field, before anything is written, so a rejected call never leaves part of its data stored.
import type { AppendRecord, LogRecord, PollOptions } from './event-log.js';

export class EventLogInputError extends Error {
  override readonly name = 'EventLogInputError';
}

/** Topic names Kafka accepts (and nothing else, so both implementations refuse the same names). */
const TOPIC_NAME = /^[A-Za-z0-9._-]{1,200}$/;

/** False when the text holds a UTF-16 surrogate without its partner, which cannot be stored as UTF-8 and read back
 * unchanged. String#isWellFormed (Node 20) is a native scan: record values run to kilobytes. */
const wellFormed = (text: string): boolean => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

function fail(message: string): never {
  throw new EventLogInputError(message);
}

function checkText(value: unknown, what: string, allowEmpty: boolean): asserts value is string {
  if (typeof value !== 'string') fail(`${what} must be a string, got ${value === null ? 'null' : typeof value}`);
  if (!allowEmpty && value.length === 0) fail(`${what} must not be empty`);
  if (!wellFormed(value)) fail(`${what} holds a lone UTF-16 surrogate and would not read back unchanged`);
}

export function checkTopic(topic: unknown): asserts topic is string {
  if (typeof topic !== 'string' || !TOPIC_NAME.test(topic)) {
    fail(`topic must be 1 to 200 characters of [A-Za-z0-9._-], got ${JSON.stringify(topic)}`);
  }
}

export function checkGroup(group: unknown): asserts group is string {
  checkText(group, 'consumer group', false);
  if (group.length > 255) fail('consumer group must be at most 255 characters');
}

/** Every record is checked before the first is written: one bad record refuses the whole batch. */
export function checkAppend(topic: unknown, records: unknown): asserts records is readonly AppendRecord[] {
  checkTopic(topic);
  if (!Array.isArray(records)) fail('records must be an array');
  records.forEach((record: unknown, index) => {
    if (typeof record !== 'object' || record === null) fail(`record ${index} must be an object`);
    const { key, value } = record as Record<string, unknown>;
    checkText(key, `record ${index} key`, false);
    checkText(value, `record ${index} value`, true);
  });
}

/** The poll options with defaults applied. */
export function checkPoll(topic: unknown, group: unknown, options: unknown): Required<PollOptions> {
  checkConsumer(topic, group);
  if (typeof options !== 'object' || options === null) fail('poll options must be an object');
  const { maxRecords, waitMs = 0 } = options as Partial<Record<keyof PollOptions, unknown>>;
  if (typeof maxRecords !== 'number' || !Number.isSafeInteger(maxRecords) || maxRecords < 1) {
    fail(`maxRecords must be a positive integer, got ${String(maxRecords)}`);
  }
  if (typeof waitMs !== 'number' || !Number.isFinite(waitMs) || waitMs < 0) {
    fail(`waitMs must be a finite number >= 0, got ${String(waitMs)}`);
  }
  return { maxRecords, waitMs };
}

export function checkConsumer(topic: unknown, group: unknown): void {
  checkTopic(topic);
  checkGroup(group);
}

export function checkCommit(topic: unknown, group: unknown, records: unknown): asserts records is readonly LogRecord[] {
  checkConsumer(topic, group);
  if (!Array.isArray(records)) fail('records must be an array');
  records.forEach((record: unknown, index) => {
    if (typeof record !== 'object' || record === null) fail(`record ${index} must be an object`);
    const { topic: recordTopic, partition, offset } = record as Record<string, unknown>;
    if (recordTopic !== topic) fail(`record ${index} belongs to topic ${String(recordTopic)}, not ${topic}`);
    if (typeof partition !== 'number' || !Number.isSafeInteger(partition) || partition < 0) {
      fail(`record ${index} partition must be an integer >= 0`);
    }
    if (typeof offset !== 'bigint' || offset < 0n) fail(`record ${index} offset must be a bigint >= 0`);
  });
}

/** The offset to commit per partition: one past the highest record offset given for it. */
export function nextOffsets(records: readonly LogRecord[]): Map<number, bigint> {
  const next = new Map<number, bigint>();
  for (const record of records) {
    const candidate = record.offset + 1n;
    if (candidate > (next.get(record.partition) ?? -1n)) next.set(record.partition, candidate);
  }
  return next;
}
