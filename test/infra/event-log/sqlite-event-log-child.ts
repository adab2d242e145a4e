// A second process on a SQLite event log, for the spec: appends or polls, reports on stdout, then either
// exits or waits to be killed (SIGKILL: no close, no flush), as a crashing or concurrent producer would.
import { SqliteEventLog } from '../../../infra/event-log/sqlite-event-log.js';

const [dir, mode, count = '0', commitCount = '0'] = process.argv.slice(2);
if (!dir || !mode) throw new Error('usage: sqlite-event-log-child <dir> append|append-and-exit|poll <count> [commitCount]');
const log = SqliteEventLog.open(dir);
const total = Number(count);

if (mode === 'append' || mode === 'append-and-exit') {
  for (let from = 0; from < total; from += 100) {
    const size = Math.min(100, total - from);
    await log.append(
      'raw-transactions',
      Array.from({ length: size }, (_, i) => ({ key: `k${from + i}`, value: `child ${from + i}` })),
    );
  }
  process.stdout.write(`appended ${total}\n`);
} else if (mode === 'poll') {
  const got = await log.poll('raw-transactions', 'g', { maxRecords: total, waitMs: 5_000 });
  await log.commit('raw-transactions', 'g', got.slice(0, Number(commitCount)));
  process.stdout.write(`polled ${got.length}\n`);
} else {
  throw new Error(`unknown mode ${mode}`);
}
if (mode === 'append-and-exit') await log.close();
else setInterval(() => undefined, 60_000); // stay alive until killed
