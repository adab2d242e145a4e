// The `geyser.Geyser` service definition for @grpc/grpc-js, serialised with the ts-proto codecs
// that @triton-one/yellowstone-grpc exports. Subscribe responses are pre-encoded SubscribeUpdate
// bytes (the fast path frames them per subscriber), so its response serialiser passes bytes through;
// its requests are decoded as prost would (see request-decode.ts).
import type { ServiceDefinition } from '@grpc/grpc-js';
import {
  GetBlockHeightRequest,
  GetBlockHeightResponse,
  GetLatestBlockhashRequest,
  GetLatestBlockhashResponse,
  GetSlotRequest,
  GetSlotResponse,
  GetVersionRequest,
  GetVersionResponse,
  IsBlockhashValidRequest,
  IsBlockhashValidResponse,
  PingRequest,
  PongResponse,
  SubscribeReplayInfoRequest,
  SubscribeReplayInfoResponse,
  SubscribeRequest,
  SubscribeUpdate,
} from '@triton-one/yellowstone-grpc';
import { decodeSubscribeRequest } from './request-decode.js';

interface Codec<T> {
  encode(message: T): { finish(): Uint8Array };
  decode(input: Uint8Array): T;
}

const serialize =
  <T>(codec: Codec<T>) =>
  (message: T): Buffer => {
    const bytes = codec.encode(message).finish();
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };

function unary<Req, Res>(name: string, request: Codec<Req>, response: Codec<Res>) {
  return {
    path: `/geyser.Geyser/${name}`,
    requestStream: false,
    responseStream: false,
    requestSerialize: serialize(request),
    requestDeserialize: (bytes: Buffer) => request.decode(bytes),
    responseSerialize: serialize(response),
    responseDeserialize: (bytes: Buffer) => response.decode(bytes),
  } as const;
}

export const geyserService = {
  Subscribe: {
    path: '/geyser.Geyser/Subscribe',
    requestStream: true,
    responseStream: true,
    requestSerialize: serialize(SubscribeRequest),
    requestDeserialize: (bytes: Buffer) => decodeSubscribeRequest(bytes),
    responseSerialize: (frame: Buffer) => frame,
    responseDeserialize: (bytes: Buffer) => SubscribeUpdate.decode(bytes),
  },
  SubscribeReplayInfo: unary('SubscribeReplayInfo', SubscribeReplayInfoRequest, SubscribeReplayInfoResponse),
  Ping: unary('Ping', PingRequest, PongResponse),
  GetLatestBlockhash: unary('GetLatestBlockhash', GetLatestBlockhashRequest, GetLatestBlockhashResponse),
  GetBlockHeight: unary('GetBlockHeight', GetBlockHeightRequest, GetBlockHeightResponse),
  GetSlot: unary('GetSlot', GetSlotRequest, GetSlotResponse),
  IsBlockhashValid: unary('IsBlockhashValid', IsBlockhashValidRequest, IsBlockhashValidResponse),
  GetVersion: unary('GetVersion', GetVersionRequest, GetVersionResponse),
} satisfies ServiceDefinition;
