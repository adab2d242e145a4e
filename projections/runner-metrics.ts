// Prometheus gauges of a projection runner, read from its progress at scrape time: last slot projected, lag in
// records and slots, records handled and skipped, and whether the last batch failed.
import { Gauge, type Registry } from 'prom-client';
import type { ProjectionRunner } from './runner.js';
import type { ProjectionProgress } from './runner-progress.js';

export function registerRunnerMetrics(runner: ProjectionRunner, registry: Registry): void {
  const gauge = (name: string, help: string, read: (p: ProjectionProgress) => number | null) =>
    new Gauge({
      name: `launchtape_projection_${name}`,
      help,
      labelNames: ['set'],
      registers: [registry],
      async collect() {
        const progress = await runner.progress();
        const value = read(progress);
        if (value !== null) this.set({ set: progress.set }, value);
      },
    });
  gauge('last_slot', 'Highest slot written and committed', (p) => p.lastSlot);
  gauge('lag_records', 'Log records not yet projected', (p) => p.lagRecords);
  gauge('lag_slots', 'Slots between the log head and the last slot projected', (p) => p.lagSlots);
  gauge('records_handled', 'Log records handled since start', (p) => p.recordsHandled);
  gauge('records_skipped', 'Log records skipped as not events since start', (p) => p.recordsSkipped);
  gauge('failing', '1 while the last batch failed', (p) => (p.lastError === null ? 0 : 1));
}
