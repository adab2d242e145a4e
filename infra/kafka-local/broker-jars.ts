// The Apache Kafka broker's jars for the local broker: resolved from Maven Central through pom.xml beside this file
// (once, cached under target/ and resolved again when the pom changes), and what the machine needs for it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This folder: the pom and, under target/, what it resolves. */
export const KAFKA_LOCAL_DIR = fileURLToPath(new URL('.', import.meta.url));
const POM = join(KAFKA_LOCAL_DIR, 'pom.xml');
const LIB = join(KAFKA_LOCAL_DIR, 'target', 'lib');
/** Holds the hash of the pom that filled LIB: a changed pom (another Kafka version) resolves again. */
const LIB_STAMP = join(KAFKA_LOCAL_DIR, 'target', 'lib.pom-sha256');

/** What to do when a local broker cannot run. */
export const LOCAL_KAFKA_HINT =
  'install a Java 17 (or newer) JDK and Maven (for example apt-get install openjdk-17-jdk-headless maven) so a local broker can start, or set KAFKA_BROKERS=host:port to use a running one';

/** What is missing to run a local broker (Java 17 or newer, Maven), or null when both are there. */
export function localKafkaPrerequisites(): string | null {
  const missing: string[] = [];
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const version = /version "(\d+)/.exec(`${java.stderr ?? ''}${java.stdout ?? ''}`);
  if (java.error || java.status !== 0) missing.push('Java 17 or newer (no `java` on PATH)');
  else if (!version || Number(version[1]) < 17) missing.push(`Java 17 or newer (\`java -version\` says ${version?.[1] ?? 'unknown'})`);
  const mvn = spawnSync('mvn', ['-v'], { encoding: 'utf8' });
  if (mvn.error || mvn.status !== 0) missing.push('Maven (no working `mvn` on PATH)');
  return missing.length === 0 ? null : `a local Kafka broker needs ${missing.join(' and ')}`;
}

/** The broker's classpath, resolving its jars through Maven on first use (or when the pom changed). */
export function brokerClasspath(): string {
  const pomHash = createHash('sha256').update(readFileSync(POM)).digest('hex');
  const cached = existsSync(LIB_STAMP) && readFileSync(LIB_STAMP, 'utf8').trim() === pomHash;
  if (!cached) {
    // Copied into a directory of this process and renamed into place, so a concurrent or interrupted run never
    // leaves a half-filled LIB that a later run would take for complete.
    const staging = join(KAFKA_LOCAL_DIR, 'target', `lib.${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    const mvn = spawnSync('mvn', ['-B', '-q', '-f', POM, 'dependency:copy-dependencies', '-DincludeScope=runtime', `-DoutputDirectory=${staging}`], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (mvn.error || mvn.status !== 0) {
      rmSync(staging, { recursive: true, force: true });
      const output = `${mvn.stdout ?? ''}${mvn.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
      throw new Error(`resolving the Kafka broker's jars with Maven failed (${mvn.error?.message ?? `exit ${mvn.status}`}):\n${output}`);
    }
    rmSync(LIB, { recursive: true, force: true });
    renameSync(staging, LIB);
    writeFileSync(LIB_STAMP, `${pomHash}\n`);
  }
  const jars = readdirSync(LIB).filter((name) => name.endsWith('.jar'));
  if (!jars.some((name) => name.startsWith('kafka_2.13-'))) throw new Error(`${LIB} holds no Kafka broker jar; delete it to resolve again`);
  return jars.map((name) => join(LIB, name)).join(delimiter);
}
