// Optional phase of the ingest bench (`--only streams`): how fast the official Yellowstone client can take a
// pre-generated ledger from the devnet in three subscription shapes, with nothing behind the readers:
// - single: the subscriber's own request (one stream: every transaction naming a followed address);
// - split: the same transactions over two streams with disjoint filters (launchpad; the other followed
//   addresses excluding the launchpad), one reader process each;
// - blocks: one stream of confirmed blocks carrying the same transactions (one message per slot).
// The official client reads one message per native call, so per-message latency bounds a stream.
import { CommitmentLevel, SubscribeRequest } from '@triton-one/yellowstone-grpc';
import { followedAddresses, subscribeRequest } from '../../ingest/subscriber/request.js';
import { loadConfig } from '../../schemas/config.js';
import { BenchChild } from './bench-ipc.js';
import type { ChainReport, LedgerInfo } from './bench-types.js';
import { ProgressLog } from './progress-log.js';
import { int } from './report-format.js';
import type { ReadJob, ReadResult } from './stream-reader-child.js';

export interface StreamShape {
  name: 'single' | 'split' | 'blocks';
  transactions: number;
  messages: number;
  seconds: number;
  /** CPU of the readers together, and of the chain, in cores over the read. */
  readerCores: number;
  chainCores: number | null;
}

const CHAIN_SCRIPT = new URL('./chain-child.ts', import.meta.url);
const READER_SCRIPT = new URL('./stream-reader-child.ts', import.meta.url);

function requests(shape: StreamShape['name'], fromSlot: number): SubscribeRequest[] {
  const config = loadConfig({});
  const followed = followedAddresses(config);
  const launchpad = config.programs.launchpad;
  const common = { commitment: CommitmentLevel.CONFIRMED, slots: { confirmed: { filterByCommitment: true } }, fromSlot: String(fromSlot) };
  const txFilter = (include: string[], exclude: string[]) => ({
    vote: false,
    failed: false,
    accountInclude: include,
    accountExclude: exclude,
    accountRequired: [],
  });
  if (shape === 'single') return [subscribeRequest(config, fromSlot)];
  if (shape === 'split') {
    return [
      SubscribeRequest.fromPartial({ ...common, transactions: { launchpad: txFilter([launchpad], []) } }),
      SubscribeRequest.fromPartial({
        ...common,
        transactions: {
          rest: txFilter(
            followed.filter((a) => a !== launchpad),
            [launchpad],
          ),
        },
      }),
    ];
  }
  return [
    SubscribeRequest.fromPartial({
      commitment: CommitmentLevel.CONFIRMED,
      blocks: { followed: { accountInclude: followed, includeTransactions: true, includeAccounts: false, includeEntries: false } },
      fromSlot: String(fromSlot),
    }),
  ];
}

export async function runStreams(options: { transactions: number; log: (line: string) => void }): Promise<{ ledger: LedgerInfo; shapes: StreamShape[] }> {
  const progress = new ProgressLog();
  const chain = BenchChild.start<ChainReport>('chain', CHAIN_SCRIPT, {});
  try {
    chain.onReport((report) => {
      if (report.kind === 'progress') progress.add('chain', { at: report.at, cpuMicros: report.cpuMicros, counts: {} });
    });
    const ledger = await chain.command<LedgerInfo>('ledger', { seed: 7, transactions: options.transactions, maxSeconds: 60, milestones: 2 });
    options.log(`  ledger: ${ledger.transactions.toLocaleString('en')} transactions in slots ${ledger.firstSlot}..${ledger.lastSlot}`);
    const shapes: StreamShape[] = [];
    for (const name of ['single', 'split', 'blocks'] as const) {
      const jobs: ReadJob[] = requests(name, ledger.firstSlot).map((request) => ({ url: ledger.grpcUrl, request, lastSlot: ledger.lastSlot }));
      const readers = jobs.map((_, i) => BenchChild.start<never>(`reader-${i}`, READER_SCRIPT, {}));
      try {
        const results = await Promise.all(readers.map((reader, i) => reader.command<ReadResult>('read', jobs[i])));
        const from = Math.min(...results.map((r) => r.firstAt));
        const to = Math.max(...results.map((r) => r.doneAt));
        const shape: StreamShape = {
          name,
          transactions: results.reduce((sum, r) => sum + r.transactions, 0),
          messages: results.reduce((sum, r) => sum + r.messages, 0),
          seconds: (to - from) / 1000,
          readerCores: results.reduce((sum, r) => sum + r.cpuMs, 0) / (to - from),
          chainCores: progress.cpuCores('chain', from, to),
        };
        shapes.push(shape);
        options.log(`  ${name}: ${Math.round(shape.transactions / shape.seconds).toLocaleString('en')} tx/s`);
      } finally {
        await Promise.all(readers.map((reader) => reader.stop()));
      }
    }
    return { ledger, shapes };
  } finally {
    await chain.stop();
  }
}

const SHAPE_LABELS: Record<StreamShape['name'], string> = {
  single: "one stream, the subscriber's request",
  split: 'two streams, disjoint filters',
  blocks: 'one stream of blocks',
};

/** The stream shapes side by side: rate, messages, CPU per transaction of the readers and of the chain. */
export function streamLines(shapes: readonly StreamShape[]): string[] {
  return shapes.map((shape) => {
    const rate = shape.transactions / shape.seconds;
    const perTx = (cores: number | null) => (cores === null ? '?' : int((cores * 1e6) / rate));
    return (
      `  ${SHAPE_LABELS[shape.name].padEnd(38)} ${int(rate).padStart(7)} tx/s (${int(shape.transactions)} tx in ${int(shape.messages)} messages); ` +
      `CPU per tx: readers ${perTx(shape.readerCores)} µs, chain ${perTx(shape.chainCores)} µs`
    );
  });
}
