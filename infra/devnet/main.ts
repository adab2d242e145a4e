// `npm run devnet -- --rpc-port P --grpc-port Q [--seed N] [--speed realtime|max|manual] [--data-dir D]`:
// starts the local chain alone and prints one ready line when it accepts requests.
import { join } from 'node:path';
import { loadConfig } from '../../schemas/config.js';
import { parseDevnetArgs } from './cli-args.js';
import { Devnet } from './devnet.js';

async function main(): Promise<void> {
  let args;
  try {
    const config = loadConfig();
    args = parseDevnetArgs(process.argv.slice(2), {
      rpcPort: config.devnet.rpcPort,
      grpcPort: config.devnet.grpcPort,
      seed: config.devnet.seed,
      dataDir: join(config.dataDir, 'devnet'),
    });
  } catch (error) {
    console.error(`devnet: ${(error as Error).message}`);
    process.exit(2);
  }
  const devnet = await Devnet.start({
    speed: args.speed,
    seed: args.seed,
    dataDir: args.dataDir,
    rpcPort: args.rpcPort,
    grpcPort: args.grpcPort,
    host: args.host,
  });
  console.log(`devnet ready rpc=${devnet.rpcUrl} grpc=${devnet.grpcUrl}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await devnet.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Started by `npm run start:scale-out` (over an IPC channel): end with it, also when it is killed.
  process.on('disconnect', stop);
}

main().catch((error: unknown) => {
  console.error(`devnet: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
