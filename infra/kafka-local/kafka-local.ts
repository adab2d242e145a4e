// `npm run kafka:local -- [--port N] [--data-dir DIR]`: a local single-node Kafka broker for the scale-out
// deployment and the Kafka tests (default 127.0.0.1:9092, data under data/kafka-local). Prints
// `kafka ready <host:port>` on stdout once it accepts clients (the broker's own warnings go to stderr) and
// stops it cleanly on Ctrl-C or SIGTERM.
import { parseArgs } from 'node:util';
import { localKafkaPrerequisites, startLocalKafka } from './local-broker.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '9092' }, 'data-dir': { type: 'string', default: 'data/kafka-local' } },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`--port must be a port number, got ${values.port}`);
  const missing = localKafkaPrerequisites();
  if (missing) throw new Error(`${missing}: install a Java 17 (or newer) JDK and Maven (for example apt-get install openjdk-17-jdk-headless maven)`);

  const started = Date.now();
  const kafka = await startLocalKafka({ port, dataDir: values['data-dir'], onOutput: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`kafka ready ${kafka.brokers}\n`);
  process.stderr.write(`(started in ${((Date.now() - started) / 1000).toFixed(1)} s; data in ${kafka.dataDir})\n`);

  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${reason}: stopping the broker\n`);
    void kafka.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Started by `npm run start:scale-out` (over an IPC channel): end with it, also when it is killed.
  process.on('disconnect', () => stop('the supervisor ended'));
  const code = await kafka.exited;
  if (!stopping) {
    process.stderr.write(`the Kafka broker exited by itself (code ${code})\n`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
