// Turns a pipeline process's progress report into named counts in the progress log, and prints the
// latest counts of every stage as one progress line.
import type { PipelineProgress } from './bench-types.js';
import type { ProgressLog } from './progress-log.js';

export function recordProgress(progress: ProgressLog, report: PipelineProgress): void {
  const counts: Record<string, number> = { rssBytes: report.rssBytes };
  if (report.subscriber) {
    counts.written = report.subscriber.written;
    counts.durableSlot = report.subscriber.durableSlot ?? 0;
    counts.seenSlot = report.subscriber.seenSlot ?? 0;
    counts.reconnects = report.subscriber.reconnects;
  }
  if (report.pipeline) {
    counts.decodedTx = report.pipeline.transactions;
    counts.decodedEvents = report.pipeline.events;
    counts.decodedSlot = report.pipeline.lastSlot ?? 0;
  }
  if (report.projections) {
    counts.projectedEvents = report.projections.records;
    counts.projectedSlot = report.projections.lastSlot ?? 0;
  }
  progress.add(report.name, { at: report.at, cpuMicros: report.cpuMicros, counts });
}

/** The latest value of a count in whichever process reports it. */
export function latest(progress: ProgressLog, count: string): number {
  return Math.max(0, ...progress.processes().map((process) => progress.last(process, count)));
}

export function progressLine(progress: ProgressLog): string {
  const n = (count: string) => latest(progress, count).toLocaleString('en');
  return (
    `chain slot ${n('slot')}, subscriber saw slot ${n('seenSlot')} wrote slot ${n('durableSlot')} ` +
    `(${n('written')} tx, ${n('reconnects')} reconnects), pipeline decoded ${n('decodedTx')} tx (${n('decodedEvents')} events), ` +
    `projections wrote ${n('projectedEvents')} events`
  );
}
