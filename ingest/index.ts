// The ingest role: the chain subscriber (raw-tx log), the decoders and the pipeline (coin-events).
export { Subscriber, type SubscriberOptions, type SubscriberStatus } from './subscriber/subscriber.js';
export type { GapRecord } from './subscriber/gaps.js';
export { subscribeRequest, followedAddresses } from './subscriber/request.js';
export { Pipeline, type PipelineOptions, type PipelineStatus } from './pipeline.js';
export { decodeContext, decodeTransaction, eventKey, launchedCoins, PLATFORM_KEY, DECODERS, LAUNCH_DECODERS } from './decoders/index.js';
export type { DecodeContext, Decoder, EventDraft, Invocation, TxView } from './decoders/index.js';
export { KnownCoins, coinInfoFromLaunch, type CoinInfo } from './known-coins/known-coins.js';
export { KNOWN_COINS_TOPIC, loadKnownCoins, appendKnownCoins } from './known-coins/registry-topic.js';
export {
  encodeRawRecord,
  parseRawRecord,
  rawRecordSchema,
  type RawRecord,
  type RawTransaction,
  type SlotMarker,
} from './raw/raw-transaction.js';
export { rawTransactionFromUpdate } from './raw/from-yellowstone.js';
export type { IngestConfig } from './ingest-config.js';
