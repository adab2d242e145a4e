// One Subscribe stream. The session walks the chain's seal steps with a cursor (see steps.ts): it
// pulls the next steps only while its outgoing queue is below a byte bound and the HTTP/2 stream
// accepts writes, so a slow reader holds a cursor, not a growing buffer. A reader that takes nothing
// while the chain moves on more than `maxLagSlots` slots (and `maxStallMs`), or whose cursor falls
// out of the bank's retention, is ended with RESOURCE_EXHAUSTED "lagged to send an update". New
// requests replace the filters; `fromSlot` rewinds the cursor (replay, see replay.ts); `ping` is
// answered with a pong; bad filters end the stream with INVALID_ARGUMENT.
import { Metadata, status as GrpcStatus, type ServerDuplexStream } from '@grpc/grpc-js';
import type { SubscribeRequest } from '@triton-one/yellowstone-grpc';
import type { Bank } from '../ledger/bank.js';
import { createdAtField, filtersField, pingBody, pongBody } from './encode-updates.js';
import { frameSink, type FrameSink } from './frame-sink.js';
import { EMPTY_FILTER } from './filters.js';
import { OutQueue } from './out-queue.js';
import { replayStart } from './replay.js';
import { FilterError, type FilterLimits } from './request-checks.js';
import { parseSubscribeRequest } from './request.js';
import type { MessageCache } from './slot-messages.js';
import { collectStep, type StepContext } from './steps.js';

export interface SessionOptions {
  bank: Bank;
  cache: MessageCache;
  limits: FilterLimits;
  /** Stop pulling steps while this many bytes wait to be written. */
  maxQueueBytes: number;
  /** End a stream whose reader took nothing while the chain advanced this many slots... */
  maxLagSlots: number;
  /** ...and for at least this long. */
  maxStallMs: number;
  pingIntervalMs: number;
  /** After ending a stream, reset it if its status could not be delivered within this time. */
  resetGraceMs: number;
  onClose: (session: Session) => void;
}

export interface SessionStats {
  cursor: number;
  queuedBytes: number;
  queuedMessages: number;
  sentMessages: number;
  blocked: boolean;
}

export class Session {
  private readonly ctx: StepContext;
  /** Next seal step to deliver. */
  private cursor: number;
  /** During a replay, steps up to `floorUntil` leave out slots below `floor` (the fromSlot). */
  private floor = 0;
  private floorUntil = -1;
  private readonly queue = new OutQueue();
  private sent = 0;
  /** Where the chain was (slot, time) when the stream stopped accepting writes; null while it accepts. */
  private blockedAt: { slot: number; at: number } | null = null;
  private closed = false;
  private readonly sink: FrameSink;
  private readonly pinger: NodeJS.Timeout;

  constructor(
    private readonly call: ServerDuplexStream<SubscribeRequest, Buffer>,
    private readonly options: SessionOptions,
  ) {
    const { bank } = options;
    this.ctx = { cache: options.cache, filter: EMPTY_FILTER, confirmDepth: bank.options.confirmDepth, finalizeDepth: bank.options.finalizeDepth };
    this.cursor = bank.latestBlock.slot + 1;
    // Response headers go out at once, as tonic sends them: clients wait for them to open the stream.
    call.sendMetadata(new Metadata());
    this.sink = frameSink(call);
    call.on('data', (request: SubscribeRequest) => this.onRequest(request));
    this.sink.onDrain(() => {
      this.blockedAt = null;
      this.flush();
    });
    for (const event of ['cancelled', 'close', 'finish']) call.on(event, () => this.dispose());
    // Yellowstone pings every stream every 10 s so idle connections stay open and dead ones are found.
    this.pinger = setInterval(() => this.send(this.framed(pingBody())), options.pingIntervalMs);
    this.pinger.unref();
  }

  get stats(): SessionStats {
    return {
      cursor: this.cursor,
      queuedBytes: this.queue.bytes,
      queuedMessages: this.queue.length,
      sentMessages: this.sent,
      blocked: this.blockedAt !== null,
    };
  }

  /** The chain advanced: check the reader keeps up, then deliver what is new. */
  onChainAdvanced(): void {
    if (this.closed) return;
    const latest = this.options.bank.latestBlock.slot;
    const stall = this.blockedAt;
    if (stall && latest - stall.slot > this.options.maxLagSlots && Date.now() - stall.at >= this.options.maxStallMs) {
      this.fail(GrpcStatus.RESOURCE_EXHAUSTED, 'lagged to send an update');
      return;
    }
    this.flush();
  }

  /** End the stream with a status (server shutdown passes UNAVAILABLE). The status follows the data
   * already written; a reader that takes none of it within the grace period gets the stream reset. */
  fail(code: GrpcStatus, details: string): void {
    if (this.closed) return;
    this.dispose();
    this.call.emit('error', { code, details });
    setTimeout(() => {
      if (!this.sink.closed) this.sink.reset();
    }, this.options.resetGraceMs).unref();
  }

  private framed(body: Buffer): Buffer {
    return Buffer.concat([filtersField([]), body, createdAtField(new Date())]);
  }

  private onRequest(request: SubscribeRequest): void {
    if (this.closed) return;
    let parsed;
    try {
      parsed = parseSubscribeRequest(request, this.options.limits);
    } catch (error) {
      const message = error instanceof FilterError ? error.message : `invalid request: ${(error as Error).message}`;
      this.fail(GrpcStatus.INVALID_ARGUMENT, `failed to create filter: ${message}`);
      return;
    }
    if (parsed.ping !== undefined) {
      this.send(this.framed(pongBody(parsed.ping)));
      return;
    }
    this.ctx.filter = parsed.filter;
    if (parsed.fromSlot !== undefined) {
      const start = replayStart(this.options.bank, parsed.fromSlot);
      if (start && !start.ok) {
        this.fail(start.code, start.details);
        return;
      }
      if (start) ({ cursor: this.cursor, floor: this.floor, floorUntil: this.floorUntil } = start);
    }
    this.flush();
  }

  private send(frame: Buffer): void {
    if (this.closed) return;
    this.queue.push(frame);
    this.flush();
  }

  /** Write what is queued while the stream accepts it, pulling further steps as the queue empties. */
  private flush(): void {
    const { bank, maxQueueBytes } = this.options;
    while (!this.closed) {
      while (this.blockedAt === null && this.queue.length > 0) {
        const batch = this.queue.takeBatch();
        this.sent += batch.length;
        if (!this.sink.write(batch)) this.blockedAt = { slot: bank.latestBlock.slot, at: Date.now() };
      }
      const latest = bank.latestBlock.slot;
      if (this.cursor > latest || this.queue.bytes >= maxQueueBytes) return;
      if (this.blockedAt !== null && this.queue.length > 0) return;
      this.pull(latest);
    }
  }

  /** Queue further steps, up to the byte bound. */
  private pull(latest: number): void {
    const out: Buffer[] = [];
    while (this.cursor <= latest && this.queue.bytes < this.options.maxQueueBytes) {
      const floor = this.cursor <= this.floorUntil ? this.floor : 0;
      if (!collectStep(this.ctx, this.cursor, floor, out)) {
        this.fail(GrpcStatus.RESOURCE_EXHAUSTED, 'lagged to send an update');
        return;
      }
      this.cursor++;
      for (const frame of out) this.queue.push(frame);
      out.length = 0;
    }
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.pinger);
    this.queue.clear();
    this.options.onClose(this);
  }
}
