// A second consumer process on the Kafka event log, for the spec: polls coin events in small batches as one
// member of a consumer group, and reports each batch on stdout as JSON lines ([partition, offset, n] per record): as
// polled before committing it, then as committed, until it is killed (SIGKILL: no commit, no leaving the group). A
// kill between a commit and its report leaves the batch reported as polled, so the spec knows every record it had.
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
    const batch = records.map((r) => [r.partition, Number(r.offset), (JSON.parse(r.value) as { n: number }).n]);
    process.stdout.write(`${JSON.stringify({ polled: batch })}\n`);
    await log.commit(TOPICS.coinEvents, group, records);
    process.stdout.write(`${JSON.stringify({ committed: batch })}\n`);
    // A slow consumer, so the group's other member has work left when this one dies.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ error: String(error) })}\n`);
    await log.rewind(TOPICS.coinEvents, group).catch(() => undefined);
  }
}
