// Fills an analytics store with the API bench's market: the platform's facts, then each coin's life, folded by
// the service's own projectors (readModelProjectors) in large batches and inserted, so the tables hold exactly
// what the `project` role would write from the same events. Returns the catalog the requests are drawn from.
import type { Olap } from '../../olap/olap.js';
import { deriveBatch, projectEvents } from '../../../projections/project-batch.js';
import type { LoggedEvent, Projector } from '../../../projections/projector.js';
import { readModelProjectors } from '../../../projections/read-models.js';
import { serviceWalletList, type Config } from '../../../schemas/config.js';
import type { Event } from '../../../schemas/events/index.js';
import { benchAddress, benchSignature } from './bench-keys.js';
import { CatalogBuilder, type Catalog } from './dataset-catalog.js';
import { generateCoin, type DatasetContext } from './dataset-coin.js';
import { planClock, planCoins, type DatasetOptions } from './dataset-plan.js';
import { generatePlatform } from './dataset-platform.js';

/** Events folded per batch, and rows per insert statement. */
const BATCH_EVENTS = 200_000;
const ROWS_PER_INSERT = 100_000;
const WALLETS = 100_000;

export interface LoadSummary {
  catalog: Catalog;
  events: number;
  rows: Record<string, number>;
  seconds: number;
}

class BatchSink {
  private buffer: LoggedEvent[] = [];
  private offset = 0n;
  events = 0;
  readonly rows: Record<string, number> = {};

  constructor(
    private readonly olap: Olap,
    private readonly projectors: readonly Projector[],
    private readonly onEvent?: (logged: LoggedEvent) => void,
  ) {}

  push(event: Event): void {
    const logged = { event, offset: this.offset++ };
    this.buffer.push(logged);
    this.onEvent?.(logged);
    this.events += 1;
  }

  get pending(): number {
    return this.buffer.length;
  }

  async flush(): Promise<void> {
    const events = this.buffer;
    this.buffer = [];
    if (events.length === 0) return;
    await this.write(projectEvents(events, this.projectors).rows);
    await this.write(await deriveBatch(events, this.projectors, this.olap));
  }

  private async write(byTable: ReadonlyMap<string, readonly Record<string, unknown>[]>): Promise<void> {
    for (const [table, rows] of byTable) {
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await this.olap.insert(table, rows.slice(i, i + ROWS_PER_INSERT));
      this.rows[table] = (this.rows[table] ?? 0) + rows.length;
    }
  }
}

export async function loadDataset(
  olap: Olap,
  options: DatasetOptions,
  config: Pick<Config, 'wallets' | 'mints'>,
  progress: (line: string) => void,
  /** Given each event as it is logged (for a caller that checks what the tables should hold). */
  onEvent?: (logged: LoggedEvent) => void,
): Promise<LoadSummary> {
  const started = performance.now();
  const projectors = readModelProjectors(serviceWalletList(config.wallets));
  for (const projector of projectors) for (const table of projector.tables) await olap.exec(table.ddl);
  const clock = planClock(options);
  const plans = planCoins(options, clock, config);
  const sink = new BatchSink(olap, projectors, onEvent);
  const catalog = new CatalogBuilder();
  let signatures = 0;
  const signature = () => benchSignature(signatures++);
  const walletCache = new Map<number, string>();
  const wallet = (index: number) => {
    let address = walletCache.get(index);
    if (address === undefined) walletCache.set(index, (address = benchAddress(`wallet:${index}`)));
    return address;
  };
  const ctx: DatasetContext = { clock, config, emit: (event) => sink.push(event), signature, wallet, wallets: WALLETS, catalog };

  generatePlatform({ clock, config, emit: ctx.emit, signature }, options.seed + 1);
  let tradesDone = 0;
  let lastReport = performance.now();
  for (const plan of plans) {
    generateCoin(ctx, plan, options.seed * 1_000_003 + plan.index);
    tradesDone += plan.trades;
    if (sink.pending >= BATCH_EVENTS) await sink.flush();
    if (performance.now() - lastReport > 5_000) {
      lastReport = performance.now();
      const seconds = (lastReport - started) / 1000;
      progress(
        `load: ${plan.index + 1}/${plans.length} coins, ~${tradesDone.toLocaleString('en')} trades, ${sink.events.toLocaleString('en')} events in ${seconds.toFixed(0)} s`,
      );
    }
  }
  await sink.flush();
  const days: string[] = [];
  for (let day = clock.start - (clock.start % 86_400); day <= clock.now; day += 86_400) days.push(new Date(day * 1000).toISOString().slice(0, 10));
  return {
    catalog: catalog.build(clock.now, days, []),
    events: sink.events,
    rows: sink.rows,
    seconds: (performance.now() - started) / 1000,
  };
}
