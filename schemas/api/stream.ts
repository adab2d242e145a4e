// Schemas of the live streams (Server-Sent Events): `GET /coins/{mint}/stream` (a coin's new trades and its latest
// candle at each interval) and `GET /stream` (launches and graduations of every coin). Each message has an `id:` to
// resume from, an `event:` naming its kind and one line of JSON `data:` in the shape the reads and webhooks use.
import { z } from 'zod';
import { candle, INTERVALS } from './ohlcv.js';
import { trade } from './trades.js';
import { webhookEventBodies } from './webhook-events.js';

/** `candle` messages: the latest candle at one interval, as the last of GET /coins/{mint}/ohlcv at that interval. */
export const candleMessage = z.object({ interval: z.enum(INTERVALS), candle });

/** The data of each message kind the streams send: a coin's trades and candles, and every coin's launches and
 * graduations as the webhooks deliver them. */
export const streamMessages = {
  trade,
  candle: candleMessage,
  'coin.launched': webhookEventBodies['coin.launched'],
  'coin.graduated': webhookEventBodies['coin.graduated'],
} as const;

export type CandleMessage = z.output<typeof candleMessage>;

export const streamQuery = z.object({
  lastEventId: z
    .string()
    .max(64)
    .optional()
    .describe('Resume after this message id, as the Last-Event-ID header a reconnecting EventSource sends (the header wins)'),
});

export type StreamQuery = z.output<typeof streamQuery>;

/** The 200 answer of a stream as the OpenAPI document gives it: `kinds` are its messages' `event:` names and data. */
export function streamResponse(description: string, kinds: Record<string, string>) {
  const messages = Object.entries(kinds).map(([kind, data]) => `\`${kind}\` (${data})`);
  const text =
    `Server-Sent Events, each message with an id to resume from: ${messages.join('; ')}; ` +
    '`reset` ({ reason }) when a Last-Event-ID cannot be resumed from (older than the messages kept, or from before a restart): ' +
    'read the current state from the REST routes and follow on. A comment line every 15 s keeps the connection open.';
  return { description, content: { 'text/event-stream': { schema: z.string().describe(text) } } };
}
