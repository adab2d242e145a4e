// Polls one batch from the log: the first poll waits up to `idleWaitMs` for anything; once a record is in,
// more polls fill the batch up to `batchSize` records or until `maxBatchWaitMs` has passed, or, with `quietMs`,
// until no new record has come for that long (a producer's burst is over: waiting longer only adds latency).
import type { EventLog, LogRecord } from '../infra/event-log/event-log.js';

export interface BatchPolling {
  log: EventLog;
  topic: string;
  group: string;
  batchSize: number;
  maxBatchWaitMs: number;
  quietMs?: number;
  idleWaitMs: number;
  /** Checked between polls: stop filling when it turns true. */
  stopping: () => boolean;
}

export async function pollBatch(polling: BatchPolling): Promise<LogRecord[]> {
  const { log, topic, group, batchSize } = polling;
  const batch = await log.poll(topic, group, { maxRecords: batchSize, waitMs: polling.idleWaitMs });
  if (batch.length === 0) return batch;
  const deadline = Date.now() + polling.maxBatchWaitMs;
  const quietMs = polling.quietMs ?? Number.POSITIVE_INFINITY;
  while (batch.length < batchSize && !polling.stopping()) {
    const waitMs = Math.min(deadline - Date.now(), quietMs);
    if (waitMs <= 0) break;
    const more = await log.poll(topic, group, { maxRecords: batchSize - batch.length, waitMs });
    if (more.length === 0) break;
    for (const record of more) batch.push(record);
  }
  return batch;
}
