// A bare stream reader process of the ingest bench: one Subscribe request and nothing behind it (no log, no
// decoding).
// - `read` (streams phase): the official Yellowstone client replays a ledger, counting what arrives, until its last
//   slot is complete (the slot's confirmed status on a transaction stream, its block on a block stream); answers
//   with the counts, the time from the first message to the end and its own CPU time.
// - `watch` (lag phase): follow a live chain on the subscriber's call (subscribe-call.ts) and report when each
//   slot's confirmed status arrives: the moment a client holds the whole slot, the floor under the pipeline's lag.
import { SlotStatus, type SubscribeRequest, type SubscribeUpdate } from '@triton-one/yellowstone-grpc';
import { YellowstoneClient } from '../yellowstone/client.js';
import { openSubscribeCall } from '../yellowstone/subscribe-call.js';
import { sendReport, serveCommands, wallMs } from './bench-ipc.js';

export interface ReadJob {
  url: string;
  request: SubscribeRequest;
  lastSlot: number;
}

export interface ReadResult {
  transactions: number;
  messages: number;
  firstAt: number;
  doneAt: number;
  cpuMs: number;
}

async function read(job: ReadJob): Promise<ReadResult> {
  const client = new YellowstoneClient(job.url, undefined, { grpcMaxDecodingMessageSize: 256 * 1024 * 1024 });
  await client.connect();
  const stream = await client.subscribe();
  const cpu = process.cpuUsage();
  let transactions = 0;
  let messages = 0;
  let firstAt = 0;
  return new Promise<ReadResult>((resolve, reject) => {
    stream.on('error', reject);
    stream.on('data', (update: SubscribeUpdate) => {
      if (messages++ === 0) firstAt = wallMs();
      if (update.transaction) transactions++;
      if (update.block) transactions += update.block.transactions.length;
      const blockDone = update.block !== undefined && Number(update.block.slot) >= job.lastSlot;
      const slotDone = update.slot?.status === SlotStatus.SLOT_CONFIRMED && Number(update.slot.slot) >= job.lastSlot;
      if (!blockDone && !slotDone) return;
      const used = process.cpuUsage(cpu);
      resolve({ transactions, messages, firstAt, doneAt: wallMs(), cpuMs: (used.user + used.system) / 1000 });
      stream.destroy();
    });
    stream.write(job.request, (error?: Error | null) => (error ? reject(error) : undefined));
  });
}

/** Report each confirmed slot status as it arrives, until stopped. The call is the subscriber's (its transport and
 * HTTP/2 flow control decide how the chain's gRPC time is shared between the two streams, so a reader with other
 * windows would measure another delivery than the one the pipeline gets). */
async function watch(job: Omit<ReadJob, 'lastSlot'>): Promise<void> {
  const stream = openSubscribeCall(job.url).duplex;
  stream.on('error', (error: Error) => process.stderr.write(`bare reader: ${error.message}\n`));
  stream.on('data', (update: SubscribeUpdate) => {
    if (update.slot?.status === SlotStatus.SLOT_CONFIRMED)
      sendReport({ kind: 'confirmed', slot: Number(update.slot.slot), at: wallMs() } satisfies SlotArrival);
  });
  await new Promise<void>((resolve, reject) => stream.write(job.request, (error?: Error | null) => (error ? reject(error) : resolve())));
}

/** A slot's confirmed status reached the bare reader. */
export interface SlotArrival {
  kind: 'confirmed';
  slot: number;
  at: number;
}

serveCommands({
  read: (job: ReadJob) => read(job),
  watch: (job: Omit<ReadJob, 'lastSlot'>) => watch(job),
  stop: async () => undefined,
});
