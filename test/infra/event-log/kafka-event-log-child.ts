// A second consumer process on the Kafka event log, for the spec: polls coin events in small batches as one
// member of a consumer group, commits each batch, and reports each committed batch on stdout as a JSON line
// ([partition, offset, n] per record), until it is killed (SIGKILL: no commit, no leaving the group).
import { TOPICS } from '../../../infra/event-log/event-log.js';
import { KafkaEventLog } from '../../../infra/event-log/kafka-event-log.js';

const [brokers, topicPrefix, group, sessionTimeoutMs] = process.argv.slice(2);
if (!brokers || !topicPrefix || !group || !sessionTimeoutMs) {
  throw new Error('usage: kafka-event-log-child <brokers> <topicPrefix> <group> <sessionTimeoutMs>');
}
const log = await KafkaEventLog.connect({
  brokers: brokers.split(','),
  topicPrefix,
  partitions: { [TOPICS.coinEvents]: 4 },
  fetchWaitMs: 100,
  sessionTimeoutMs: Number(sessionTimeoutMs),
});
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
for (;;) {
  try {
    const records = await log.poll(TOPICS.coinEvents, group, { maxRecords: 20, waitMs: 200 });
    if (records.length === 0) continue;
    await log.commit(TOPICS.coinEvents, group, records);
    const committed = records.map((r) => [r.partition, Number(r.offset), (JSON.parse(r.value) as { n: number }).n]);
    process.stdout.write(`${JSON.stringify({ committed })}\n`);
    // A slow consumer, so the group's other member has work left when this one dies.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ error: String(error) })}\n`);
    await log.rewind(TOPICS.coinEvents, group).catch(() => undefined);
  }
}
