// A captured Yellowstone stream on disk: the encoded SubscribeUpdate messages the devnet sent for the ingest's
// subscription, one record per confirmed slot, beside a JSON description (the request they answer, the slot range,
// sample trades and the captured market's ground truth). The description is written last, so a capture without one
// is incomplete and is made again.
//
// Record layout (little-endian u32s): slot, transactions, sample trades' JSON length, that JSON, message count,
// then each message as its length and its bytes.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TradeRef } from '../bench-types.js';
import type { MarketTruth } from './market-truth.js';

/** One confirmed slot as the subscription received it. */
export interface CapturedSlot {
  slot: number;
  /** Chain transactions of the slot, failed ones included (the figure the rates count). */
  transactions: number;
  /** A few of the slot's trades, for lag samples and throughput milestones. */
  samples: TradeRef[];
  /** Encoded SubscribeUpdates, in the order they were sent. */
  messages: Buffer[];
}

export interface CaptureDescription {
  seed: number;
  /** The SubscribeRequest the messages answer (its JSON form, without fromSlot). */
  request: unknown;
  firstSlot: number;
  lastSlot: number;
  transactions: number;
  succeeded: number;
  truth: MarketTruth;
}

export interface Capture {
  description: CaptureDescription;
  slots: CapturedSlot[];
}

const descriptionPath = (path: string) => `${path}.json`;

export function captureExists(path: string): boolean {
  return existsSync(path) && existsSync(descriptionPath(path));
}

/** Appends slots to a capture being made; `finish` writes its description. */
export class CaptureWriter {
  private readonly fd: number;
  private readonly partial: string;

  constructor(private readonly path: string) {
    this.partial = `${path}.partial`;
    mkdirSync(dirname(path), { recursive: true });
    this.fd = openSync(this.partial, 'w');
  }

  append(slot: CapturedSlot): void {
    const samples = Buffer.from(JSON.stringify(slot.samples));
    const head = Buffer.alloc(12);
    head.writeUInt32LE(slot.slot, 0);
    head.writeUInt32LE(slot.transactions, 4);
    head.writeUInt32LE(samples.length, 8);
    const count = Buffer.alloc(4);
    count.writeUInt32LE(slot.messages.length, 0);
    const parts: Buffer[] = [head, samples, count];
    for (const message of slot.messages) {
      const length = Buffer.alloc(4);
      length.writeUInt32LE(message.length, 0);
      parts.push(length, message);
    }
    writeSync(this.fd, Buffer.concat(parts));
  }

  finish(description: CaptureDescription): void {
    closeSync(this.fd);
    renameSync(this.partial, this.path);
    writeFileSync(descriptionPath(this.path), JSON.stringify(description));
  }
}

export function readCaptureDescription(path: string): CaptureDescription {
  return JSON.parse(readFileSync(descriptionPath(path), 'utf8')) as CaptureDescription;
}

/** The whole capture in memory: messages are views into one buffer read at once. */
export function readCapture(path: string): Capture {
  const description = readCaptureDescription(path);
  const bytes = readFileSync(path);
  const slots: CapturedSlot[] = [];
  let offset = 0;
  const u32 = () => {
    const value = bytes.readUInt32LE(offset);
    offset += 4;
    return value;
  };
  while (offset < bytes.length) {
    const slot = u32();
    const transactions = u32();
    const samplesLength = u32();
    const samples = JSON.parse(bytes.toString('utf8', offset, offset + samplesLength)) as TradeRef[];
    offset += samplesLength;
    const messages: Buffer[] = [];
    for (let count = u32(); count > 0; count--) {
      const length = u32();
      messages.push(bytes.subarray(offset, offset + length));
      offset += length;
    }
    slots.push({ slot, transactions, samples, messages });
  }
  return { description, slots };
}
