// Options and status of the chain subscriber (status() feeds /readyz).
import type { Logger } from 'pino';
import type { EventLog } from '../../infra/event-log/event-log.js';
import type { IngestConfig } from '../ingest-config.js';
import type { BackoffOptions } from './backoff.js';
import type { GapRecord } from './gaps.js';

export interface SubscriberOptions {
  /** Yellowstone gRPC endpoint, e.g. `http://127.0.0.1:10000`. */
  endpoint: string;
  xToken?: string;
  log: EventLog;
  config: IngestConfig;
  logger?: Logger;
  /** With nothing written yet: follow from this slot, replaying it if it is past (default: start live). */
  startSlot?: number;
  /** Mark empty slots durable at most every this many slots (default 1: every confirmed slot). */
  checkpointEverySlots?: number;
  /** Reconnect backoff (default 100 ms doubling to 5 s). */
  backoff?: BackoffOptions;
  /** Reconnect when the stream is silent this long (the server pings every 10 s; default 30 s). */
  idleTimeoutMs?: number;
}

export interface SubscriberStatus {
  /** Subscribed, and the server has applied the filters. */
  connected: boolean;
  lastSlotSeen: number | null;
  lastDurableSlot: number | null;
  /** Gaps recorded by this process, oldest first. */
  gaps: GapRecord[];
  reconnects: number;
  transactionsWritten: number;
}
