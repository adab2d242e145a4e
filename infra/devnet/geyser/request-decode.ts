// SubscribeRequest decoding as a Rust (prost) server decodes it. Protobuf encoders leave a map
// entry's value out when it is the default message (prost does, and the official napi client
// re-encodes requests with prost), so `slots: { s: {} }` arrives as an entry with a key and no
// value. ts-proto's decoder drops such entries; here they get their default (empty) filter back.
import {
  SubscribeRequest,
  SubscribeRequest_AccountsEntry,
  SubscribeRequest_BlocksEntry,
  SubscribeRequest_BlocksMetaEntry,
  SubscribeRequest_EntryEntry,
  SubscribeRequest_SlotsEntry,
  SubscribeRequest_TransactionsEntry,
  SubscribeRequest_TransactionsStatusEntry,
  SubscribeRequestFilterAccounts,
  SubscribeRequestFilterBlocks,
  SubscribeRequestFilterBlocksMeta,
  SubscribeRequestFilterEntry,
  SubscribeRequestFilterSlots,
  SubscribeRequestFilterTransactions,
} from '@triton-one/yellowstone-grpc';

interface MapField {
  entry: { decode(input: Uint8Array): { key: string; value?: unknown } };
  empty: () => unknown;
  property: 'accounts' | 'slots' | 'transactions' | 'transactionsStatus' | 'blocks' | 'blocksMeta' | 'entry';
}

/** SubscribeRequest's map fields by field number. */
const MAP_FIELDS = new Map<number, MapField>([
  [1, { entry: SubscribeRequest_AccountsEntry, empty: () => SubscribeRequestFilterAccounts.fromPartial({}), property: 'accounts' }],
  [2, { entry: SubscribeRequest_SlotsEntry, empty: () => SubscribeRequestFilterSlots.fromPartial({}), property: 'slots' }],
  [3, { entry: SubscribeRequest_TransactionsEntry, empty: () => SubscribeRequestFilterTransactions.fromPartial({}), property: 'transactions' }],
  [10, { entry: SubscribeRequest_TransactionsStatusEntry, empty: () => SubscribeRequestFilterTransactions.fromPartial({}), property: 'transactionsStatus' }],
  [4, { entry: SubscribeRequest_BlocksEntry, empty: () => SubscribeRequestFilterBlocks.fromPartial({}), property: 'blocks' }],
  [5, { entry: SubscribeRequest_BlocksMetaEntry, empty: () => SubscribeRequestFilterBlocksMeta.fromPartial({}), property: 'blocksMeta' }],
  [8, { entry: SubscribeRequest_EntryEntry, empty: () => SubscribeRequestFilterEntry.fromPartial({}), property: 'entry' }],
]);

function readVarint(bytes: Uint8Array, state: { pos: number }): number {
  let value = 0;
  let scale = 1;
  for (;;) {
    const byte = bytes[state.pos++];
    if (byte === undefined) throw new Error('truncated varint');
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return value;
    scale *= 0x80;
  }
}

export function decodeSubscribeRequest(bytes: Uint8Array): SubscribeRequest {
  const request = SubscribeRequest.decode(bytes);
  const state = { pos: 0 };
  while (state.pos < bytes.length) {
    const key = readVarint(bytes, state);
    const field = Math.floor(key / 8);
    const wireType = key % 8;
    if (wireType === 0) readVarint(bytes, state);
    else if (wireType === 1) state.pos += 8;
    else if (wireType === 5) state.pos += 4;
    else if (wireType === 2) {
      const length = readVarint(bytes, state);
      const map = MAP_FIELDS.get(field);
      if (map) {
        const entry = map.entry.decode(bytes.subarray(state.pos, state.pos + length));
        const target = request[map.property] as Record<string, unknown>;
        if (entry.value === undefined && !(entry.key in target)) target[entry.key] = map.empty();
      }
      state.pos += length;
    } else {
      throw new Error(`unsupported wire type ${wireType}`);
    }
  }
  return request;
}
