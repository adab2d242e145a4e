// A single-node Apache Kafka broker (KRaft, broker and controller in one JVM) on 127.0.0.1 for development
// and tests: its jars from broker-jars.ts, a data dir formatted on first use, a small heap, and ready once a
// client can list topics.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { freePort } from '../net/free-port.js';
import { brokerClasspath, KAFKA_LOCAL_DIR } from './broker-jars.js';

export { LOCAL_KAFKA_HINT, localKafkaPrerequisites } from './broker-jars.js';

export interface LocalKafkaOptions {
  /** Client port on 127.0.0.1 (default: a free one). */
  port?: number;
  /** Log directory and generated configuration; formatted on first use, kept on stop (default: a temporary
   * directory, removed on stop). */
  dataDir?: string;
  /** Receives the broker's output (warnings and errors) line by line; otherwise only kept for error messages. */
  onOutput?: (line: string) => void;
  /** Longest wait for the broker to accept clients (default 90 s). */
  readyTimeoutMs?: number;
}

export interface LocalKafka {
  /** host:port for clients. */
  brokers: string;
  port: number;
  dataDir: string;
  /** Clean shutdown (SIGTERM, then SIGKILL after 30 s). */
  stop(): Promise<void>;
  /** End the broker the way a crash would (SIGKILL); the data dir stays for a restart. */
  kill(): Promise<void>;
  /** Resolves when the broker process exits, however it ends. */
  exited: Promise<number | null>;
}

/** A KRaft cluster id: 16 random bytes in URL-safe base64 without padding (Kafka's Uuid form; not led by '-'). */
function clusterId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

function serverProperties(port: number, controllerPort: number, logDir: string): string {
  return `${[
    'process.roles=broker,controller',
    'node.id=1',
    // A static single-voter quorum: nothing about the controller's address is stored in the log, so a restart of
    // the same data dir may take another controller port.
    `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
    `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
    'controller.listener.names=CONTROLLER',
    'inter.broker.listener.name=PLAINTEXT',
    'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
    `log.dirs=${logDir}`,
    'num.partitions=1',
    'default.replication.factor=1',
    'min.insync.replicas=1',
    'offsets.topic.replication.factor=1',
    'offsets.topic.num.partitions=4',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'transaction.state.log.num.partitions=4',
    'share.coordinator.state.topic.replication.factor=1',
    'share.coordinator.state.topic.min.isr=1',
    // The event log creates its topics with their partition counts; a topic appearing by itself would hide a
    // missing create.
    'auto.create.topics.enable=false',
    'delete.topic.enable=true',
    'group.initial.rebalance.delay.ms=0',
    // Lets tests give consumers a short session, so a killed member's partitions move within seconds.
    'group.min.session.timeout.ms=1000',
    'log.retention.hours=24',
    'log.retention.check.interval.ms=60000',
    'log.segment.bytes=67108864',
    'num.network.threads=2',
    'num.io.threads=4',
    'background.threads=4',
  ].join('\n')}\n`;
}

const LOG4J2 = `${[
  'status = warn',
  'appender.err.type = Console',
  'appender.err.name = ERR',
  'appender.err.target = SYSTEM_ERR',
  'appender.err.layout.type = PatternLayout',
  'appender.err.layout.pattern = [%d{HH:mm:ss.SSS}] %p %m (%c{1})%n',
  'rootLogger.level = WARN',
  'rootLogger.appenderRef.err.ref = ERR',
].join('\n')}\n`;

// A small heap and the serial collector for a broker that holds test and development traffic on a small
// machine; C1 alone, since startup dominates a broker that lives for one test run.
const JVM_OPTIONS = ['-Xms64m', '-Xmx256m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Xss512k', '-Djava.awt.headless=true'];

/**
 * Class-data sharing for the broker's JVM: the first broker run writes an archive of the classes it loaded when
 * it exits, and later runs map it, which halves the time to ready. Named by classpath and Java version, since
 * an archive only serves the JVM and classpath it was made with.
 */
function classDataOptions(classpath: string): { options: string[]; made?: { partial: string; archive: string } } {
  // A JDK that ships no base archive refuses to start with these options: then the broker runs without.
  const java = spawnSync('java', ['-Xshare:on', '-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) return { options: [] };
  const key = createHash('sha256')
    .update(`${classpath}\n${java.stderr ?? ''}`)
    .digest('hex')
    .slice(0, 16);
  const archive = join(KAFKA_LOCAL_DIR, 'target', `broker-${key}.jsa`);
  if (existsSync(archive)) return { options: [`-XX:SharedArchiveFile=${archive}`, '-Xlog:cds=off', '-Xlog:cds+dynamic=off'] };
  const partial = `${archive}.${process.pid}`;
  return { options: [`-XX:ArchiveClassesAtExit=${partial}`, '-Xlog:cds=off', '-Xlog:cds+dynamic=off'], made: { partial, archive } };
}

function runJava(classpath: string, jvm: readonly string[], args: readonly string[], onLine: (line: string) => void): ChildProcess {
  const child = spawn('java', [...JVM_OPTIONS, ...jvm, '-cp', classpath, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
    stream.on('end', () => pending && onLine(pending));
  }
  return child;
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((done) => child.once('exit', (code) => done(code)));
}

/** Start a broker and resolve once it accepts clients; rejects (the broker stopped) if it does not. */
export async function startLocalKafka(options: LocalKafkaOptions = {}): Promise<LocalKafka> {
  const classpath = brokerClasspath();
  const temporary = options.dataDir === undefined;
  const dataDir = resolve(options.dataDir ?? mkdtempSync(join(tmpdir(), 'launchtape-kafka-')));
  const logDir = join(dataDir, 'log');
  mkdirSync(dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const controllerPort = await freePort();
  const config = join(dataDir, 'server.properties');
  writeFileSync(config, serverProperties(port, controllerPort, logDir));
  writeFileSync(join(dataDir, 'log4j2.properties'), LOG4J2);
  const tail: string[] = [];
  const onLine = (line: string) => {
    tail.push(line);
    if (tail.length > 40) tail.shift();
    options.onOutput?.(line);
  };
  const logging = `-Dlog4j2.configurationFile=${join(dataDir, 'log4j2.properties')}`;
  const removeTemporary = () => {
    if (temporary) rmSync(dataDir, { recursive: true, force: true });
  };

  const classData = classDataOptions(classpath);
  if (!existsSync(join(logDir, 'meta.properties'))) {
    const format = runJava(
      classpath,
      classData.made ? [] : classData.options,
      [logging, 'kafka.tools.StorageTool', 'format', '--config', config, '--cluster-id', clusterId()],
      onLine,
    );
    const code = await exitOf(format);
    if (code !== 0) {
      removeTemporary();
      throw new Error(`formatting the Kafka log dir ${logDir} failed (exit ${code}):\n${tail.join('\n')}`);
    }
  }

  const broker = runJava(classpath, classData.options, [logging, 'kafka.Kafka', config], onLine);
  const exited = exitOf(broker).then((code) => {
    const made = classData.made;
    // A JVM killed while it wrote the archive leaves a torn file: only one that exited by itself is kept.
    if (made && existsSync(made.partial)) {
      if (broker.signalCode === null) renameSync(made.partial, made.archive);
      else rmSync(made.partial, { force: true });
    }
    return code;
  });
  const end = async (signal: NodeJS.Signals, graceMs: number) => {
    if (broker.exitCode === null && broker.signalCode === null) {
      broker.kill(signal);
      const timer = setTimeout(() => broker.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
  };
  // A broker left behind by a test run that ended without its teardown would hold its ports.
  const onExit = () => broker.kill('SIGKILL');
  process.once('exit', onExit);
  const local: LocalKafka = {
    brokers: `127.0.0.1:${port}`,
    port,
    dataDir,
    exited,
    stop: async () => {
      await end('SIGTERM', 30_000);
      process.off('exit', onExit);
      removeTemporary();
    },
    kill: async () => {
      await end('SIGKILL', 0);
      process.off('exit', onExit);
    },
  };
  try {
    await waitReady(local.brokers, exited, options.readyTimeoutMs ?? 90_000);
  } catch (error) {
    await local.stop();
    throw new Error(`${(error as Error).message}\n${tail.join('\n')}`, { cause: error });
  }
  return local;
}

async function waitReady(brokers: string, exited: Promise<number | null>, timeoutMs: number): Promise<void> {
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the Kafka broker exited (code ${exitCode}) before accepting clients`);
    const admin = new Kafka({
      clientId: 'launchtape-kafka-local',
      brokers: [brokers],
      logLevel: logLevel.NOTHING,
      connectionTimeout: 1_000,
      retry: { retries: 0 },
    }).admin();
    try {
      await admin.connect();
      await admin.listTopics();
      return;
    } catch (error) {
      last = error;
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`the Kafka broker at ${brokers} did not accept clients within ${timeoutMs} ms (${String(last)})`);
}
