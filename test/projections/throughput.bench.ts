// Throughput of the projection path, run by hand: `npx tsx test/projections/throughput.bench.ts [events]`.
// 1. Raw chDB inserts of trade rows at several batch sizes (rows/s).
// 2. The whole runner: a SQLite log holding a simulated market (each trade with two balance changes) projected
//    into chDB at the default batch size (events/s), reporting the time spent in each step.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOPICS } from '../../infra/event-log/event-log.js';
import { SqliteEventLog } from '../../infra/event-log/sqlite-event-log.js';
import { openOlap } from '../../infra/olap/open-olap.js';
import { ProjectionRunner } from '../../projections/runner.js';
import { tradesProjector } from '../../projections/trades/projector.js';
import { TRADES_TABLE, tradesTable } from '../../projections/trades/table.js';
import { simulateMarket } from './market-simulation.js';
import { appendEvents, dropAllTables, runUntilCaughtUp } from './runner-harness.js';

const totalTrades = Number(process.argv[2] ?? 40_000);
const root = mkdtempSync(join(tmpdir(), 'projection-bench-'));
const olap = await openOlap({ dataDir: root });

try {
  const events = simulateMarket({ seed: 11, coins: 50, trades: totalTrades, traders: 2_000 });
  const tradeRows = tradesProjector.handle(events.map((event, i) => ({ event, offset: BigInt(i) })))[TRADES_TABLE]!;
  console.log(`simulated ${events.length} events (${tradeRows.length} trades)`);

  for (const batch of [500, 1_000, 5_000, 10_000, 20_000]) {
    await olap.exec(`DROP TABLE IF EXISTS ${TRADES_TABLE} SYNC`);
    await olap.exec(tradesTable.ddl);
    const started = performance.now();
    for (let i = 0; i < tradeRows.length; i += batch) await olap.insert(TRADES_TABLE, tradeRows.slice(i, i + batch));
    const seconds = (performance.now() - started) / 1000;
    console.log(`chDB insert, ${String(batch).padStart(6)} trade rows per insert: ${Math.round(tradeRows.length / seconds).toLocaleString('en')} rows/s`);
  }
  await olap.exec(`DROP TABLE IF EXISTS ${TRADES_TABLE} SYNC`);

  const log = SqliteEventLog.open(join(root, 'log'), { synchronous: 'NORMAL' });
  await appendEvents(log, events);
  for (const batchSize of [1_000, 5_000, 10_000, 20_000]) {
    // Each batch size from the start: fresh tables, and the log read again under the runner's group.
    await dropAllTables(olap);
    await log.dropGroup(TOPICS.coinEvents, 'projections.read-models.1');
    const runner = await ProjectionRunner.open({ log, olap, batchSize, maxBatchWaitMs: 50, idleWaitMs: 10 });
    const started = performance.now();
    const handled = await runUntilCaughtUp(runner);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `runner, batch ${String(batchSize).padStart(6)}: ${handled} events in ${seconds.toFixed(2)} s = ${Math.round(handled / seconds).toLocaleString('en')} events/s`,
    );
  }
  await log.close();
} finally {
  await olap.close();
  rmSync(root, { recursive: true, force: true });
}
