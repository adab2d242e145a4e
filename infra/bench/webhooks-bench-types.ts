// What the webhook bench's orchestrator and its dispatcher process say to each other. Times are wall-clock
// milliseconds (bench-ipc.ts `wallMs`), comparable with the receivers' arrival times in the orchestrator.
import type { AppendTimes } from './timed-log.js';
import type { TransactTimes } from './timed-op-store.js';

/** One webhook to create through the signed `create` call. */
export interface HookPlan {
  index: number;
  /** Index of the owner wallet (a key pair from a fixed label). */
  owner: number;
  url: string;
  events: string[];
  /** Coins delivered; null means every coin. */
  mints: string[] | null;
}

/** Phase A: the stores and the dispatcher on a SQLite log the process appends to itself. */
export interface OpenRequest {
  dataDir: string;
  hooks: HookPlan[];
}

export interface OpenResult {
  /** Time to create the webhooks through the signed calls. */
  createMs: number;
}

/** Events (as JSON values) appended in one append. */
export interface AppendRequest {
  events: unknown[];
}

/** The burst: one append per slot, `slotMs` apart. */
export interface BurstRequest {
  slots: unknown[][];
  slotMs: number;
}

export interface BurstResult {
  /** When each slot's append had resolved (durable in the log). */
  appendedAt: number[];
}

/** Phase B: the devnet, ingest and the dispatcher in this process, the chain stepped by a timer. */
export interface ChainRequest {
  dataDir: string;
  hooks: HookPlan[];
  seed: number;
  slots: number;
  slotMs: number;
}

export interface ChainResult {
  /** Each slot the bench sealed and when; a slot is confirmed when the next is sealed. */
  sealed: [slot: number, at: number][];
  /** Launches that landed in confirmed slots. */
  launches: { slot: number; mint: string }[];
  lastConfirmed: number;
  /** Time taken by the simulator and bank to make one slot (fill and seal), the work done between two waits. */
  stepMs: { mean: number; max: number };
}

/** What the dispatcher's process spent from the first append (A) or the first stepped slot (B) until `finish`. */
export interface FinishResult {
  cpuMicros: number;
  wallMs: number;
  store: TransactTimes;
  log: AppendTimes;
  /** Deliveries in the store by state once the window closed. */
  stored: Record<string, number>;
}
