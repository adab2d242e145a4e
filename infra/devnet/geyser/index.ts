// The devnet's Yellowstone gRPC (geyser.Geyser) server and the encoders it is built from.
export { startGeyserServer, type GeyserServer, type GeyserServerOptions, type GeyserServerStats } from './server.js';
export type { SessionStats } from './session.js';
export { DEFAULT_FILTER_LIMITS, type FilterLimits } from './request-checks.js';
export { MIN_REPLAY_SLOTS, firstAvailableSlot } from './replay.js';
export { encodeTransactionError } from './tx-error.js';
export { encodeTransactionInfo, transactionInfo } from './encode-transaction.js';
export { GEYSER_VERSION } from './unary.js';
