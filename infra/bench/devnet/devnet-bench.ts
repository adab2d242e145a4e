// `npm run bench:devnet`: runs the devnet at max speed with its simulator and prints how many
// transactions per second it executes, then how many per second its Yellowstone gRPC server
// streams to one official client (in its own process) replaying them all from the first slot.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Devnet } from '../../devnet/devnet.js';

const EXECUTE_SECONDS = 20;

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

function streamInChild(url: string, fromSlot: number, expected: number): Promise<{ received: number; seconds: number }> {
  const script = fileURLToPath(new URL('./stream-reader.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify({ url, fromSlot, expected })], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim())) : reject(new Error(`stream reader exited with ${code}`))));
  });
}

async function main(): Promise<void> {
  const devnet = await Devnet.start({ speed: 'manual', seed: 7, truth: false, simulate: { profile: 'max' }, grpcPort: 0 });
  const firstSlot = devnet.bank.latestBlock.slot;
  progress(`executing for ${EXECUTE_SECONDS}s at max speed...`);
  const started = performance.now();
  let executed = 0;
  while (performance.now() - started < EXECUTE_SECONDS * 1000) {
    for (const block of devnet.step(1)) executed += block.transactions.length;
    await new Promise((resolve) => setImmediate(resolve));
  }
  const executeSeconds = (performance.now() - started) / 1000;
  const slots = devnet.bank.latestBlock.slot - firstSlot;

  progress(`streaming ${executed} transactions from slot ${firstSlot} over gRPC...`);
  const streamed = await streamInChild(devnet.grpcUrl!, firstSlot + 1, executed);
  await devnet.stop();

  console.log(`devnet bench: ${executed} transactions in ${slots} slots`);
  console.log(`executed: ${Math.round(executed / executeSeconds)} tx/s (simulator build + sign + verify + execute, one thread)`);
  console.log(`streamed: ${Math.round(streamed.received / streamed.seconds)} tx/s over Yellowstone gRPC to one official client`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
