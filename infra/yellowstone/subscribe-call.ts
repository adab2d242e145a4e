// A Yellowstone `geyser.Geyser/Subscribe` call on @grpc/grpc-js, with the official package's message codecs
// (SubscribeRequest, SubscribeUpdate). The official client's own transport reads each update through one native
// call, which costs several times the decode of the update itself; grpc-js reads the HTTP/2 stream in JavaScript
// and hands each message to the same decoder, so an update costs its decode and little else. The official client
// stays what the devnet's server is checked against (client.ts).
import { credentials, Client, Metadata, type ChannelOptions, type ClientDuplexStream } from '@grpc/grpc-js';
import { SubscribeRequest, SubscribeUpdate } from '@triton-one/yellowstone-grpc';

/**
 * HTTP/2 flow control: a fixed window of 8 MiB (a few slots of a busy chain) for the stream and its connection,
 * where HTTP/2 starts at 64 KiB. The client frees window only as JavaScript takes each message; with a small window
 * a server whose event loop answers only between its slot ticks (the devnet) and a subscriber whose event loop is
 * busy (decoding, fsync) trade 64 KiB a round trip and the subscriber falls seconds behind the chain.
 */
const CHANNEL_OPTIONS: ChannelOptions = {
  'grpc-node.flow_control_window': 8 * 1024 * 1024,
  // A block-meta update or a large transaction must not end the stream (grpc-js refuses messages over 4 MiB).
  'grpc.max_receive_message_length': 64 * 1024 * 1024,
};

export interface SubscribeCall {
  /** Requests out, updates in (object mode); errors carry the gRPC status in their message (`11 OUT_OF_RANGE: …`). */
  duplex: ClientDuplexStream<SubscribeRequest, SubscribeUpdate>;
  /** Cancels the call and closes its connection; the CANCELLED status that follows is not an error of the caller's. */
  close(): void;
}

const encodeRequest = (request: SubscribeRequest): Buffer => Buffer.from(SubscribeRequest.encode(request).finish());
const decodeUpdate = (bytes: Buffer): SubscribeUpdate => SubscribeUpdate.decode(bytes);

/** `endpoint` is a URL: `http://host:port` in plain text, `https://host[:port]` over TLS; `xToken` goes in the
 * `x-token` header as Yellowstone servers expect. Connecting happens with the call: an unreachable server fails
 * it with UNAVAILABLE. */
export function openSubscribeCall(endpoint: string, xToken?: string): SubscribeCall {
  const url = new URL(endpoint);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Yellowstone endpoint must be http:// or https://, got ${endpoint}`);
  const tls = url.protocol === 'https:';
  const target = `${url.hostname}:${url.port || (tls ? 443 : 80)}`;
  const client = new Client(target, tls ? credentials.createSsl() : credentials.createInsecure(), CHANNEL_OPTIONS);
  const metadata = new Metadata();
  if (xToken) metadata.set('x-token', xToken);
  const duplex = client.makeBidiStreamRequest('/geyser.Geyser/Subscribe', encodeRequest, decodeUpdate, metadata);
  return {
    duplex,
    close: () => {
      duplex.on('error', () => undefined);
      duplex.cancel();
      client.close();
    },
  };
}
