// How encoded SubscribeUpdates reach the client's HTTP/2 stream. grpc-js writes every message as
// its own DATA frame and waits for it before writing the next, but Rust clients (h2, under tonic
// and the official napi client) charge each DATA frame under 256 bytes against a small
// per-connection budget and close the connection (GOAWAY ENHANCE_YOUR_CALM "too_many_data_frames")
// once many sit unread: a fast stream of slot updates trips it. Tonic servers coalesce messages into
// large frames; this sink does the same. It adds gRPC's 5-byte message prefix itself and writes
// batches of up to 16 KiB straight to the call's HTTP/2 stream, after grpc-js has sent the response
// headers; grpc-js still ends the call and sends the status trailers. Should grpc-js's internals
// not be reachable, it falls back to one `call.write` per message.
// A batch can still be small (one slot update while the chain is quiet), and the budget is only
// refunded as the application reads, so a stream the client stopped reading (the official client's
// destroy() half-closes and stops reading, but leaves the stream open) would still exhaust it and
// take down every stream on the connection. So no frame is sent under 256 bytes: a small batch's
// last message carries an unknown protobuf field of zeros, which every protobuf decoder skips.
import { constants as http2 } from 'node:http2';
import type { ServerDuplexStream } from '@grpc/grpc-js';

/** The largest DATA frame a peer accepts by default: batches up to this size go out as one frame. */
export const BATCH_BYTES = 16_384;
/** h2 charges DATA frames below this size against its small-frame budget. */
export const MIN_FRAME_BYTES = 256;
/** gRPC's message prefix: a compression flag and a 4-byte length. */
export const PREFIX_BYTES = 5;
/** Key of the padding field: the largest field number (2^29 - 1), length-delimited. */
const PAD_KEY = Buffer.from([0xfa, 0xff, 0xff, 0xff, 0x0f]);

/** The message with an unknown bytes field appended so that it grows by at least `extra` bytes. */
export function padded(message: Buffer, extra: number): Buffer {
  if (extra <= 0) return message;
  let length = Math.max(0, extra - PAD_KEY.length - 1);
  if (length > 127) length = Math.max(128, extra - PAD_KEY.length - 2);
  const lengthBytes = length > 127 ? [(length & 0x7f) | 0x80, length >> 7] : [length];
  return Buffer.concat([message, PAD_KEY, Buffer.from(lengthBytes), Buffer.alloc(length)]);
}

export interface FrameSink {
  /** Write these messages, in order; false asks the caller to wait for `onDrain`. */
  write(messages: readonly Buffer[]): boolean;
  onDrain(listener: () => void): void;
  /** Whether the HTTP/2 stream is gone (its end, status included, was sent, or it was reset). */
  readonly closed: boolean;
  /** Reset the HTTP/2 stream (RST_STREAM CANCEL), dropping whatever it still holds. */
  reset(): void;
}

interface Http2Stream {
  write(chunk: Buffer): boolean;
  on(event: 'drain', listener: () => void): void;
  destroyed: boolean;
  writableEnded: boolean;
  closed: boolean;
  close(code: number): void;
}

/** The HTTP/2 stream behind a grpc-js call, when the call has sent its headers and can be written to. */
function http2StreamOf(call: ServerDuplexStream<unknown, Buffer>): Http2Stream | null {
  const inner = (call as unknown as { call?: { stream?: Partial<Http2Stream>; metadataSent?: boolean } }).call;
  const stream = inner?.stream;
  const usable = ['write', 'on', 'close'].every((method) => typeof stream?.[method as keyof Http2Stream] === 'function');
  if (!inner?.metadataSent || !stream || !usable) return null;
  return stream as Http2Stream;
}

function framed(batch: readonly Buffer[]): Buffer {
  let size = 0;
  for (const message of batch) size += PREFIX_BYTES + message.length;
  const messages = size >= MIN_FRAME_BYTES ? batch : [...batch.slice(0, -1), padded(batch[batch.length - 1]!, MIN_FRAME_BYTES - size)];
  if (messages !== batch) size = messages.reduce((total, message) => total + PREFIX_BYTES + message.length, 0);
  const out = Buffer.allocUnsafe(size);
  let offset = 0;
  for (const message of messages) {
    out[offset] = 0; // not compressed
    out.writeUInt32BE(message.length, offset + 1);
    message.copy(out, offset + PREFIX_BYTES);
    offset += PREFIX_BYTES + message.length;
  }
  return out;
}

/** A sink for a call whose response headers were already sent (`call.sendMetadata`). */
export function frameSink(call: ServerDuplexStream<unknown, Buffer>): FrameSink {
  const stream = http2StreamOf(call);
  if (stream) {
    return {
      write: (messages) => (stream.destroyed || stream.writableEnded ? true : stream.write(framed(messages))),
      onDrain: (listener) => stream.on('drain', listener),
      get closed() {
        return stream.closed;
      },
      reset: () => stream.close(http2.NGHTTP2_CANCEL),
    };
  }
  return {
    write: (messages) => messages.reduce((ok, message) => call.write(padded(message, MIN_FRAME_BYTES - PREFIX_BYTES - message.length)) && ok, true),
    onDrain: (listener) => call.on('drain', listener),
    get closed() {
      return call.destroyed || call.writableFinished;
    },
    reset: () => call.destroy(),
  };
}
