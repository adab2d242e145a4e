// Command-line options of `npm run devnet`, validated.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { Speed } from './slot-clock.js';

const port = z.coerce.number().int().min(0).max(65_535);

export interface DevnetArgDefaults {
  rpcPort: number;
  grpcPort: number;
  seed: number;
  dataDir?: string;
}

const argsSchema = (defaults: DevnetArgDefaults) =>
  z.object({
    'rpc-port': port.default(defaults.rpcPort),
    'grpc-port': port.default(defaults.grpcPort),
    seed: z.coerce
      .number()
      .int()
      .min(0)
      .max(2 ** 32 - 1)
      .default(defaults.seed),
    speed: z.enum(['realtime', 'max', 'manual']).default('realtime'),
    'data-dir': z.string().min(1).optional(),
    'data-dir-from-config': z.boolean().default(false),
    host: z.string().min(1).default('127.0.0.1'),
  });

export interface DevnetArgs {
  rpcPort: number;
  grpcPort: number;
  seed: number;
  speed: Speed;
  dataDir?: string;
  host: string;
}

/** Parse argv; defaults come from the service configuration (ports, seed, and with
 * `--data-dir-from-config`, `<DATA_DIR>/devnet`). */
export function parseDevnetArgs(argv: string[], defaults: DevnetArgDefaults): DevnetArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      'rpc-port': { type: 'string' },
      'grpc-port': { type: 'string' },
      seed: { type: 'string' },
      speed: { type: 'string' },
      'data-dir': { type: 'string' },
      'data-dir-from-config': { type: 'boolean' },
      host: { type: 'string' },
    },
    strict: true,
  });
  const parsed = argsSchema(defaults).safeParse(values);
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const v = parsed.data;
  return {
    rpcPort: v['rpc-port'],
    grpcPort: v['grpc-port'],
    seed: v.seed,
    speed: v.speed,
    dataDir: v['data-dir'] ?? (v['data-dir-from-config'] ? defaults.dataDir : undefined),
    host: v.host,
  };
}
