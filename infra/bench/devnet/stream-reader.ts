// Child process of the devnet bench: one official Yellowstone client replaying every transaction
// from a slot, on its own core (as a real consumer would be on its own machine). Prints one JSON
// line with what it received and how long it took.
import { CommitmentLevel, type SubscribeUpdate } from '@triton-one/yellowstone-grpc';
import { YellowstoneClient } from '../../yellowstone/client.js';

interface StreamJob {
  url: string;
  fromSlot: number;
  expected: number;
}

const job = JSON.parse(process.argv[2]!) as StreamJob;
const client = new YellowstoneClient(job.url, undefined, { grpcMaxDecodingMessageSize: 64 * 1024 * 1024 });
await client.connect();
const stream = await client.subscribe();
let received = 0;
let startedAt = 0;
stream.on('data', (update: SubscribeUpdate) => {
  if (!update.transaction) return;
  if (received === 0) startedAt = performance.now();
  received++;
  if (received === job.expected) {
    process.stdout.write(`${JSON.stringify({ received, seconds: (performance.now() - startedAt) / 1000 })}\n`);
    stream.destroy();
    process.exit(0);
  }
});
stream.write({
  accounts: {},
  slots: {},
  transactions: { all: { vote: false, accountInclude: [], accountExclude: [], accountRequired: [] } },
  transactionsStatus: {},
  blocks: {},
  blocksMeta: {},
  entry: {},
  accountsDataSlice: [],
  commitment: CommitmentLevel.PROCESSED,
  fromSlot: String(job.fromSlot),
});
