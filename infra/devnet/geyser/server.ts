// The devnet's Yellowstone gRPC server: geyser.Geyser over plain HTTP/2 with @grpc/grpc-js, fed by
// the bank's sealed blocks. Official clients (`@triton-one/yellowstone-grpc`) connect to `url`.
import { Server, ServerCredentials, status as GrpcStatus, type ServerDuplexStream } from '@grpc/grpc-js';
import type { SubscribeRequest } from '@triton-one/yellowstone-grpc';
import type { Bank } from '../ledger/bank.js';
import { ensureReplayRetention } from './replay.js';
import { DEFAULT_FILTER_LIMITS, type FilterLimits } from './request-checks.js';
import { geyserService } from './service.js';
import { Session, type SessionStats } from './session.js';
import { MessageCache } from './slot-messages.js';
import { unaryMethods } from './unary.js';

export interface GeyserServerOptions {
  bank: Bank;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  limits?: Partial<FilterLimits>;
  /** Per stream: stop pulling new slots while this many bytes wait to be written (default 4 MiB). */
  maxQueueBytes?: number;
  /** Per stream: end it with RESOURCE_EXHAUSTED when its reader takes nothing while the chain
   * advances more than this many slots (default 1,000) and for longer than `maxStallMs`. */
  maxLagSlots?: number;
  maxStallMs?: number;
  /** Server pings on every stream (Yellowstone: 10 s). */
  pingIntervalMs?: number;
  /** A stream ended while its reader takes nothing is reset after this long (default 5 s). */
  resetGraceMs?: number;
  /** Recent slots whose encoded messages are kept for reuse across streams (default 256). */
  cacheSlots?: number;
}

export interface GeyserServerStats {
  sessions: SessionStats[];
}

export interface GeyserServer {
  url: string;
  port: number;
  stats(): GeyserServerStats;
  close(): Promise<void>;
}

export async function startGeyserServer(options: GeyserServerOptions): Promise<GeyserServer> {
  const { bank } = options;
  const host = options.host ?? '127.0.0.1';
  ensureReplayRetention(bank);
  const cache = new MessageCache(bank, options.cacheSlots ?? 256);
  const sessions = new Set<Session>();
  const sessionOptions = {
    bank,
    cache,
    limits: { ...DEFAULT_FILTER_LIMITS, ...options.limits },
    maxQueueBytes: options.maxQueueBytes ?? 4 * 1024 * 1024,
    maxLagSlots: options.maxLagSlots ?? 1_000,
    maxStallMs: options.maxStallMs ?? 30_000,
    pingIntervalMs: options.pingIntervalMs ?? 10_000,
    resetGraceMs: options.resetGraceMs ?? 5_000,
    onClose: (session: Session) => sessions.delete(session),
  };

  // Blocks sealed in one burst are delivered together once the producer yields.
  let scheduled = false;
  const unsubscribe = bank.onBlock(() => {
    if (scheduled || sessions.size === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      for (const session of sessions) session.onChainAdvanced();
    });
  });

  const server = new Server({ 'grpc.max_receive_message_length': 4 * 1024 * 1024 });
  server.addService(geyserService, {
    ...unaryMethods(bank, new Date()),
    Subscribe: (call: ServerDuplexStream<SubscribeRequest, Buffer>) => {
      sessions.add(new Session(call, sessionOptions));
    },
  });
  const address = host.includes(':') ? `[${host}]` : host;
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${address}:${options.port}`, ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound)));
  });

  return {
    url: `http://${address}:${port}`,
    port,
    stats: () => ({ sessions: [...sessions].map((session) => session.stats) }),
    close: async () => {
      unsubscribe();
      for (const session of [...sessions]) session.fail(GrpcStatus.UNAVAILABLE, 'server is shutting down try again later');
      await shutdown(server);
    },
  };
}

/** Let the server's calls end, forcing them after 2 s. */
export function shutdown(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    const force = setTimeout(() => {
      server.forceShutdown();
      resolve();
    }, 2_000);
    server.tryShutdown(() => {
      clearTimeout(force);
      resolve();
    });
  });
}
