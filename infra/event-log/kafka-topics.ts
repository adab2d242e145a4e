// Topics of the Kafka event log: the caller's topic name plus the deployment's prefix, created on first use
// with the configured partition count (coin events spread over several partitions by mint; raw transactions,
// gaps and anything not configured keep one partition, for one total order and `last`) and the configured retention
// (`retention.ms`; every other topic keeps its records forever, whatever the broker's default, since the log is the
// source of truth). A topic that exists already keeps its settings. Also the Kafka consumer group behind each
// (topic, group) of the log.
import type { Admin } from 'kafkajs';
import { TOPICS, type Retention } from './event-log.js';

/** Partitions per topic unless configured otherwise; unlisted topics get one. */
export const DEFAULT_PARTITIONS: Readonly<Record<string, number>> = { [TOPICS.coinEvents]: 6 };

export interface KafkaTopicsOptions {
  /** Prepended to every topic name in Kafka (for example `launchtape.mainnet.`); records keep the bare name. */
  prefix: string;
  partitions: Readonly<Record<string, number>>;
  retention: Retention;
  /** Replicas per partition; the broker's default.replication.factor when absent. */
  replicationFactor?: number;
}

const PREFIX = /^[A-Za-z0-9._-]{0,49}$/;
/** Tries at creating a topic when the broker's answers say to try again. */
const CREATE_ATTEMPTS = 6;

export class KafkaTopics {
  private readonly created = new Map<string, Promise<void>>();

  constructor(
    private readonly admin: Admin,
    private readonly options: KafkaTopicsOptions,
  ) {
    if (!PREFIX.test(options.prefix)) throw new Error(`Kafka topic prefix must be up to 49 characters of [A-Za-z0-9._-]`);
    for (const [topic, count] of Object.entries(options.partitions)) {
      if (!Number.isSafeInteger(count) || count < 1) throw new Error(`partitions of ${topic} must be a positive integer`);
    }
  }

  physical(topic: string): string {
    return this.options.prefix + topic;
  }

  /**
   * The Kafka consumer group reading `topic` for the log's `group`: one per topic, since the log keeps a position
   * per (topic, group), and a kafkajs group leader spreads only the topics it subscribed to itself over all the
   * group's members, so members of one group on different topics would be handed each other's partitions and
   * never their own. Under the prefix, so deployments sharing a cluster never share a group. A topic name holds
   * no '/'.
   */
  consumerGroup(topic: string, group: string): string {
    return `${this.physical(topic)}/${group}`;
  }

  /** Create the topic unless it exists (here or by another process); resolves once it has leaders. */
  ensure(topic: string): Promise<void> {
    let creating = this.created.get(topic);
    if (!creating) {
      creating = this.create(topic);
      creating.catch(() => this.created.delete(topic));
      this.created.set(topic, creating);
    }
    return creating;
  }

  /** Processes starting together race to create a topic; the broker may then answer a retriable error (the topic
   * not yet known to the one asking for its leaders) after kafkajs's own retries, also when another process created
   * it first and this one's clients ask for its partitions. Ask again, a little later, until its metadata answers
   * with a leader for every partition. */
  private async create(topic: string): Promise<void> {
    const { replicationFactor } = this.options;
    const name = this.physical(topic);
    await this.retried(() =>
      this.admin.createTopics({
        waitForLeaders: true,
        topics: [
          {
            topic: name,
            numPartitions: this.options.partitions[topic] ?? 1,
            configEntries: [{ name: 'retention.ms', value: String(this.options.retention[topic] ?? -1) }],
            ...(replicationFactor === undefined ? {} : { replicationFactor }),
          },
        ],
      }),
    );
    await this.retried(async () => {
      const { topics } = await this.admin.fetchTopicMetadata({ topics: [name] });
      const partitions = topics[0]?.partitions ?? [];
      if (partitions.length === 0 || partitions.some((partition) => partition.leader < 0)) {
        throw Object.assign(new Error(`topic ${name} has no leader yet`), { retriable: true });
      }
    });
  }

  private async retried(step: () => Promise<unknown>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await step();
        return;
      } catch (error) {
        if (attempt >= CREATE_ATTEMPTS || (error as { retriable?: unknown }).retriable !== true) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  }
}
