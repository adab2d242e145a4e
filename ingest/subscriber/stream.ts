// One Subscribe stream, as the subscriber uses it: promise-returning writes, updates as an async iterable, and a
// watchdog that ends a stream gone silent. Updates are read ahead of the subscriber into a bounded queue (at most
// `readAhead`; past that the stream is paused, so a slow log write still holds the server back rather than
// buffering without end): the client keeps taking what the server sends while the subscriber writes and decodes,
// so a server with little time to spare (a busy validator) can hand over a whole slot at once instead of a
// flow-control window at a time. Updates received before an error are still yielded; then the error is thrown.
import type { SubscribeRequest, SubscribeUpdate } from '@triton-one/yellowstone-grpc';
import { openSubscribeCall } from '../../infra/yellowstone/subscribe-call.js';

export interface Stream {
  write(request: SubscribeRequest): Promise<void>;
  updates(): AsyncIterable<SubscribeUpdate>;
  close(): void;
}

export class IdleStreamError extends Error {
  override name = 'IdleStreamError';
}

/** Updates read ahead at most: some ten slots of a busy chain. */
export const DEFAULT_READ_AHEAD = 4_000;
/** Updates taken between event-loop turns. */
const TURN_EVERY = 64;

export function openStream(endpoint: string, xToken: string | undefined, idleTimeoutMs: number, readAhead = DEFAULT_READ_AHEAD): Stream {
  const call = openSubscribeCall(endpoint, xToken);
  const { duplex } = call;
  let closed = false;
  const close = (): void => {
    clearInterval(watchdog);
    if (closed) return;
    closed = true;
    call.close();
  };
  let lastActivity = Date.now();
  const watchdog = setInterval(
    () => {
      if (Date.now() - lastActivity <= idleTimeoutMs) return;
      failure ??= { error: new IdleStreamError(`no update for ${idleTimeoutMs} ms`) };
      close();
      notify();
    },
    Math.max(50, Math.min(1_000, idleTimeoutMs / 4)),
  );
  watchdog.unref();

  let queue: SubscribeUpdate[] = [];
  let head = 0;
  let ended = false;
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  const notify = (): void => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  duplex.on('data', (update: SubscribeUpdate) => {
    lastActivity = Date.now();
    queue.push(update);
    if (queue.length - head >= readAhead) duplex.pause();
    notify();
  });
  // Also keeps an error before iteration from being unhandled.
  duplex.on('error', (error: unknown) => {
    failure ??= { error };
    notify();
  });
  for (const event of ['end', 'close']) {
    duplex.on(event, () => {
      ended = true;
      close();
      notify();
    });
  }

  return {
    write: (request) =>
      new Promise((resolve, reject) => {
        if (closed || duplex.destroyed) return reject(new Error('stream closed'));
        duplex.write(request, (error?: Error | null) => (error ? reject(error) : resolve()));
      }),
    async *updates() {
      let sinceTurn = 0;
      for (;;) {
        // A full queue is taken in microtasks alone; give the event loop a turn now and then, so the client keeps
        // reading (and timers run) while the subscriber works through it.
        if (++sinceTurn >= TURN_EVERY) {
          sinceTurn = 0;
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        if (head < queue.length) {
          const update = queue[head++]!;
          // Drop what was taken, now and then (never every time: shifting is linear).
          if (head === queue.length || head >= 1_024) {
            queue = queue.slice(head);
            head = 0;
          }
          if (duplex.isPaused() && !closed && queue.length - head < readAhead / 2) duplex.resume();
          yield update;
          continue;
        }
        if (failure) throw failure.error;
        if (ended) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    close,
  };
}
