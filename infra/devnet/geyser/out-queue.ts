// A stream's outgoing messages (encoded SubscribeUpdates) waiting for the HTTP/2 stream, counted in
// bytes and taken in batches that fit one DATA frame once gRPC's 5-byte prefixes are added.
import { BATCH_BYTES, PREFIX_BYTES } from './frame-sink.js';

export class OutQueue {
  private items: Buffer[] = [];
  private head = 0;
  /** Bytes of the messages waiting. */
  bytes = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(message: Buffer): void {
    this.items.push(message);
    this.bytes += message.length;
  }

  /** The next messages for one write: as many as fit a DATA frame, and at least one. */
  takeBatch(): Buffer[] {
    const batch: Buffer[] = [];
    let framed = 0;
    while (this.head < this.items.length) {
      const message = this.items[this.head]!;
      if (batch.length > 0 && framed + PREFIX_BYTES + message.length > BATCH_BYTES) break;
      batch.push(message);
      framed += PREFIX_BYTES + message.length;
      this.bytes -= message.length;
      this.head++;
    }
    if (this.head === this.items.length) this.clear();
    return batch;
  }

  clear(): void {
    this.items = [];
    this.head = 0;
    this.bytes = 0;
  }
}
