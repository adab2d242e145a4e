// `npm run bench:devnet`: runs the devnet at max speed with its simulator and prints how many
// transactions per second it executes, then how many per second its Yellowstone gRPC server
// streams to one official client replaying them all from the first slot.
import { CommitmentLevel, type SubscribeUpdate } from '@triton-one/yellowstone-grpc';
import { YellowstoneClient } from '../../yellowstone/client.js';
import { Devnet } from '../devnet.js';


const EXECUTE_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

async function main(): Promise<void> {
  const devnet = await Devnet.start({ speed: 'manual', seed: 7, truth: false, simulate: { profile: 'max' }, grpcPort: 0 });
  const firstSlot = devnet.bank.latestBlock.slot;
  progress(`executing for ${EXECUTE_SECONDS}s at max speed...`);
  const started = performance.now();
  let executed = 0;
  while (performance.now() - started < EXECUTE_SECONDS * 1000) {
    for (const block of devnet.step(1)) executed += block.transactions.length;
    if (executed % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  const executeSeconds = (performance.now() - started) / 1000;
  const lastSlot = devnet.bank.latestBlock.slot;

  progress(`streaming ${executed} transactions from slot ${firstSlot} over gRPC...`);
  const client = new YellowstoneClient(devnet.grpcUrl!, undefined, { grpcMaxDecodingMessageSize: 64 * 1024 * 1024 });
  await client.connect();
  const stream = await client.subscribe();
  let streamed = 0;
  let streamStart = 0;
  const done = new Promise<void>((resolve, reject) => {
    stream.on('data', (update: SubscribeUpdate) => {
      if (update.transaction) {
        if (streamed === 0) streamStart = performance.now();
        streamed++;
        if (Number(update.transaction.slot) >= lastSlot && streamed >= executed) resolve();
      }
    });
    stream.on('error', reject);
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
    fromSlot: String(firstSlot),
  });
  await done;
  const streamSeconds = (performance.now() - streamStart) / 1000;
  stream.destroy();
  await devnet.stop();

  console.log(`devnet bench: ${executed} transactions in ${lastSlot - firstSlot} slots`);
  console.log(`executed: ${Math.round(executed / executeSeconds)} tx/s (simulator build + sign + verify + execute)`);
  console.log(`streamed: ${Math.round(streamed / streamSeconds)} tx/s over Yellowstone gRPC to one official client`);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
