// One durable write of appends and a commit: in one go where the log can (SqliteEventLog.write: one transaction,
// one fsync), else as the calls it stands for, in order (appends, then the commit), so a crash in between still
// leaves "written, not committed" and never "committed, not written".
import type { EventLog, WriteBatch } from './event-log.js';

export async function writeBatch(log: EventLog, batch: WriteBatch): Promise<void> {
  if (log.write) return log.write(batch);
  for (const { topic, records } of batch.appends) await log.append(topic, records);
  if (batch.commit) await log.commit(batch.commit.topic, batch.commit.group, batch.commit.records);
}
