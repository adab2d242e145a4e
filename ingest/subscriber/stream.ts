// One Subscribe stream of the official client, as the subscriber uses it: promise-returning writes,
// updates as an async iterable (pulled one at a time, so a slow log write holds the server back
// rather than buffering), and a watchdog that ends a stream gone silent.
import type { SubscribeRequest, SubscribeUpdate } from '@triton-one/yellowstone-grpc';
import type { YellowstoneClient } from '../../infra/yellowstone/client.js';

export interface Stream {
  write(request: SubscribeRequest): Promise<void>;
  updates(): AsyncIterable<SubscribeUpdate>;
  close(): void;
}

export class IdleStreamError extends Error {
  override name = 'IdleStreamError';
}

export async function openStream(client: YellowstoneClient, idleTimeoutMs: number): Promise<Stream> {
  const duplex = await client.subscribe();
  let lastActivity = Date.now();
  const watchdog = setInterval(() => {
    if (Date.now() - lastActivity > idleTimeoutMs) duplex.destroy(new IdleStreamError(`no update for ${idleTimeoutMs} ms`));
  }, Math.max(50, Math.min(1_000, idleTimeoutMs / 4)));
  watchdog.unref();
  duplex.on('close', () => clearInterval(watchdog));
  // Errors surface through the iterator; this listener keeps an error before iteration from being unhandled.
  duplex.on('error', () => undefined);
  return {
    write: (request) =>
      new Promise((resolve, reject) => {
        if (duplex.destroyed) return reject(new Error('stream closed'));
        duplex.write(request, (error?: Error | null) => (error ? reject(error) : resolve()));
      }),
    async *updates() {
      for await (const update of duplex as AsyncIterable<SubscribeUpdate>) {
        lastActivity = Date.now();
        yield update;
      }
    },
    close: () => {
      clearInterval(watchdog);
      if (!duplex.destroyed) duplex.destroy();
    },
  };
}
