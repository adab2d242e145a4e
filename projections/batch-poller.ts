// Polls one batch from the log: the first poll waits up to `idleWaitMs` for anything; once a record is in,
// more polls fill the batch up to `batchSize` records, until `maxBatchWaitMs` has passed, or until no new record
// has come for `quietMs` (a producer's burst is over: waiting longer only adds latency).
import type { EventLog, LogRecord } from '../infra/event-log/event-log.js';

export interface BatchPolling {
  log: EventLog;
  topic: string;
  group: string;
  batchSize: number;
  maxBatchWaitMs: number;
  quietMs: number;
  idleWaitMs: number;
  /** Checked between polls: stop filling when it turns true. */
  stopping: () => boolean;
}

export async function pollBatch(polling: BatchPolling): Promise<LogRecord[]> {
  const { log, topic, group, batchSize } = polling;
  const batch = await log.poll(topic, group, { maxRecords: batchSize, waitMs: polling.idleWaitMs });
  if (batch.length === 0) return batch;
  const deadline = Date.now() + polling.maxBatchWaitMs;
  while (batch.length < batchSize && !polling.stopping()) {
    const waitMs = Math.min(deadline - Date.now(), polling.quietMs);
    if (waitMs <= 0) break;
    const more = await log.poll(topic, group, { maxRecords: batchSize - batch.length, waitMs });
    if (more.length === 0) break;
    for (const record of more) batch.push(record);
  }
  return batch;
}
