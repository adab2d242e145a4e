// What the read API needs from the rest of the service, and the context its handlers run with. The same
// handlers serve the HTTP routes and the MCP tools, so they take this context, never a Fastify request.
import type { Logger } from 'pino';
import type { Olap } from '../infra/olap/olap.js';
import type { OpStore } from '../infra/opstore/op-store.js';
import { DEFAULT_READ_CACHE_MIB, type Config } from '../schemas/config.js';
import { AnswerCache } from './handlers/answer-cache.js';
import type { LaunchDeps } from './launch/launch-context.js';
import type { PaidCalls } from './payments/http-payments.js';
import type { Views } from './views/views.js';
import type { WebhookDeps } from './webhooks/webhook-calls.js';

/** The pipeline's state as `/readyz` judges it. */
export interface Readiness {
  /** Whether ingest holds a live subscription to the chain. */
  ingestConnected: boolean;
  /** How many slots the projections trail the chain tip by; null when unknown. */
  projectionLagSlots: number | null;
}

/** The parts of the configuration the API reads. A full `Config` fits. */
export type ApiConfig = Pick<Config, 'network' | 'wallets' | 'mints' | 'tokenLabels' | 'hooks' | 'platformToken' | 'payments' | 'allowance'> &
  Partial<Pick<Config, 'tokenSearch' | 'siteUrl' | 'readCacheBytes'>>;

export interface ApiDeps {
  olap: Olap;
  /** The live views, started (their feed following the log): what the hot reads answer from, what announces the
   * changes the answer cache follows, and what the live streams carry. */
  views: Views;
  /** The answer cache to serve from, when several apps of a process share one; made on the views' feed otherwise. */
  answers?: AnswerCache;
  config: ApiConfig;
  /** The operational store (ideas, launches, terms acceptances, ...); routes that need it answer without it as documented. */
  opstore?: OpStore;
  /** Current time; the figures' 24-hour window and the `figuresPending` minute are measured from it. */
  clock?: () => Date;
  /** A pino logger; requests and unexpected errors are logged through it. Silent when left out. */
  logger?: Logger;
  /** The pipeline's state for `/readyz`; without it, ready means the analytics store answers a query. */
  readiness?: () => Promise<Readiness> | Readiness;
  /** The chain, programs and service keys the launch routes need; without it they answer 503. */
  launch?: LaunchDeps;
  /** Paid calls (x402): the paywall, or 'unavailable' (paid reads answer 503). Left out, no read is charged: for tests
   * and tools serving reads without a chain; the service always passes one. */
  paidCalls?: PaidCalls;
  /** The key sealing webhook secrets and the receiver rules; without it (or without `opstore`) webhook calls answer 503. */
  webhooks?: WebhookDeps;
}

/** What a handler runs with. */
export interface ApiContext {
  olap: Olap;
  views: Views;
  answers: AnswerCache;
  config: ApiConfig;
  opstore?: OpStore;
  now: () => Date;
}

/** The answer cache's source for the writes made to an operational store collection through this process's handle
 * (other processes' writes are not announced: answers of the operational store carry an age too). */
export const opstoreSource = (collection: string) => `opstore:${collection}`;

/** An answer cache following `views`' announcements and the writes through `opstore`; `stop` stops following. */
export function answerCacheOn(
  views: Views,
  opstore: OpStore | undefined,
  maxBytes = DEFAULT_READ_CACHE_MIB * 1024 * 1024,
): { answers: AnswerCache; stop: () => void } {
  const answers = new AnswerCache(maxBytes);
  const stops = [
    views.feed.subscribe((sources) => {
      for (const [source, coins] of sources) answers.invalidate(source, coins);
    }),
    opstore?.onWrite((collection) => answers.invalidate(opstoreSource(collection), null)) ?? (() => {}),
  ];
  const stop = () => {
    for (const each of stops) each();
  };
  return { answers, stop };
}

/** The handlers' context of `deps`, and what stops its answer cache following its sources (nothing when the cache is
 * the caller's). */
export function apiContext(deps: ApiDeps): { ctx: ApiContext; stop: () => void } {
  const clock = deps.clock ?? (() => new Date());
  const own = deps.answers === undefined ? answerCacheOn(deps.views, deps.opstore, deps.config.readCacheBytes) : null;
  const answers = deps.answers ?? own!.answers;
  return { ctx: { olap: deps.olap, views: deps.views, answers, config: deps.config, opstore: deps.opstore, now: clock }, stop: own?.stop ?? (() => {}) };
}
