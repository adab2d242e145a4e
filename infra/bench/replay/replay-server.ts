// A captured chain served again over the same `geyser.Geyser` Subscribe service, with the captured bytes written
// as they are: no execution and no encoding, so the chain side costs next to nothing and the bench measures the
// pipeline. The caller releases captured slots (all at once, or paced by a clock); every stream delivers the
// released slots from its cursor, holding a cursor rather than a growing buffer while its reader is slow (the
// devnet server's rule, session.ts). A stream answers pings with pongs and is pinged every 10 s; `fromSlot` starts
// it at that slot (Yellowstone's OUT_OF_RANGE before the capture's first slot). A request without filters
// delivers nothing; one for any other subscription than the captured one ends the stream with INVALID_ARGUMENT:
// the capture holds nothing else.
import { Metadata, Server, ServerCredentials, status as GrpcStatus, type ServerDuplexStream } from '@grpc/grpc-js';
import { SubscribeRequest } from '@triton-one/yellowstone-grpc';
import { createdAtField, filtersField, pingBody, pongBody } from '../../devnet/geyser/encode-updates.js';
import { frameSink, type FrameSink } from '../../devnet/geyser/frame-sink.js';
import { OutQueue } from '../../devnet/geyser/out-queue.js';
import { shutdown } from '../../devnet/geyser/server.js';
import { geyserService } from '../../devnet/geyser/service.js';
import type { Capture, CapturedSlot } from './capture-file.js';

const MAX_QUEUE_BYTES = 4 * 1024 * 1024;
const PING_INTERVAL_MS = 10_000;

export interface ReplayServer {
  url: string;
  /** Captured slots released so far. */
  readonly released: number;
  /** Release the captured slots up to index `count` (exclusive). */
  release(count: number): void;
  close(): Promise<void>;
}

/** The request's subscription, leaving out what a stream may add (ping, fromSlot), in one canonical form. */
function subscriptionOf(request: SubscribeRequest): string {
  return JSON.stringify(SubscribeRequest.toJSON({ ...request, ping: undefined, fromSlot: undefined }));
}

const EMPTY_SUBSCRIPTION = subscriptionOf(SubscribeRequest.fromPartial({}));

class ReplaySession {
  private cursor: number | null = null;
  private readonly queue = new OutQueue();
  private blocked = false;
  private closed = false;
  private readonly sink: FrameSink;
  private readonly pinger: NodeJS.Timeout;

  constructor(
    private readonly call: ServerDuplexStream<SubscribeRequest, Buffer>,
    private readonly chain: { slots: readonly CapturedSlot[]; subscription: string; released: () => number; onClose: (s: ReplaySession) => void },
  ) {
    call.sendMetadata(new Metadata());
    this.sink = frameSink(call);
    call.on('data', (request: SubscribeRequest) => this.onRequest(request));
    this.sink.onDrain(() => {
      this.blocked = false;
      this.flush();
    });
    for (const event of ['cancelled', 'close', 'finish']) call.on(event, () => this.dispose());
    this.pinger = setInterval(() => this.send(pingBody()), PING_INTERVAL_MS);
    this.pinger.unref();
  }

  private send(body: Buffer): void {
    if (this.closed) return;
    this.queue.push(Buffer.concat([filtersField([]), body, createdAtField(new Date())]));
    this.flush();
  }

  private onRequest(request: SubscribeRequest): void {
    if (this.closed) return;
    if (request.ping) {
      this.send(pongBody(request.ping.id));
      return;
    }
    const subscription = subscriptionOf(request);
    // No filters at all (the official client opens with such a request): nothing to deliver yet.
    if (subscription === EMPTY_SUBSCRIPTION) {
      this.cursor = null;
      return;
    }
    if (subscription !== this.chain.subscription) {
      this.fail(GrpcStatus.INVALID_ARGUMENT, 'failed to create filter: this replay serves only the captured subscription');
      return;
    }
    const { slots } = this.chain;
    if (request.fromSlot === undefined) this.cursor = this.chain.released();
    else {
      const fromSlot = Number(request.fromSlot);
      const first = slots[0]?.slot ?? 0;
      if (fromSlot < first) {
        this.fail(GrpcStatus.OUT_OF_RANGE, `broadcast from ${fromSlot} is not available, last available: ${first}`);
        return;
      }
      let index = 0;
      while (index < slots.length && slots[index]!.slot < fromSlot) index++;
      this.cursor = index;
    }
    this.flush();
  }

  /** Write what is queued while the stream accepts it, taking further released slots as the queue empties. */
  flush(): void {
    while (!this.closed) {
      while (!this.blocked && this.queue.length > 0) {
        if (!this.sink.write(this.queue.takeBatch())) this.blocked = true;
      }
      const released = this.chain.released();
      if (this.cursor === null || this.cursor >= released || this.queue.bytes >= MAX_QUEUE_BYTES) return;
      if (this.blocked) return;
      while (this.cursor < released && this.queue.bytes < MAX_QUEUE_BYTES) {
        for (const message of this.chain.slots[this.cursor++]!.messages) this.queue.push(message);
      }
    }
  }

  fail(code: GrpcStatus, details: string): void {
    if (this.closed) return;
    this.dispose();
    this.call.emit('error', { code, details });
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.pinger);
    this.queue.clear();
    this.chain.onClose(this);
  }
}

export async function startReplayServer(capture: Capture, port = 0): Promise<ReplayServer> {
  const sessions = new Set<ReplaySession>();
  let released = 0;
  let scheduled = false;
  const chain = {
    slots: capture.slots,
    subscription: subscriptionOf(SubscribeRequest.fromJSON(capture.description.request)),
    released: () => released,
    onClose: (session: ReplaySession) => sessions.delete(session),
  };
  const server = new Server({ 'grpc.max_receive_message_length': 4 * 1024 * 1024 });
  server.addService(geyserService, {
    Subscribe: (call: ServerDuplexStream<SubscribeRequest, Buffer>) => {
      sessions.add(new ReplaySession(call, chain));
    },
  });
  const bound = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`127.0.0.1:${port}`, ServerCredentials.createInsecure(), (error, value) => (error ? reject(error) : resolve(value)));
  });
  return {
    url: `http://127.0.0.1:${bound}`,
    get released() {
      return released;
    },
    release(count: number) {
      released = Math.min(capture.slots.length, Math.max(released, count));
      // Slots released in one burst are written together once the caller yields.
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        for (const session of sessions) session.flush();
      });
    },
    close: async () => {
      for (const session of [...sessions]) session.fail(GrpcStatus.UNAVAILABLE, 'server is shutting down try again later');
      await shutdown(server);
    },
  };
}
