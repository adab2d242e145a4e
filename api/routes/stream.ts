// Routes of the live streams (Server-Sent Events): `GET /coins/{mint}/stream` and `GET /stream`, fed by the
// projections' committed changes in this process (api/stream). A process without the projections has no feed and
// answers 503. A visitor may hold MAX_STREAMS_PER_VISITOR streams (429 beyond); `Last-Event-ID` (or `lastEventId`)
// resumes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { EventContext } from '../../projections/webhooks/webhook-events.js';
import { mintParams } from '../../schemas/api/coins.js';
import { errorBody, errorResponses } from '../../schemas/api/fields.js';
import { streamQuery, streamResponse, type StreamQuery } from '../../schemas/api/stream.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { visitorOf } from '../payments/visitor.js';
import { findCoin } from '../queries/coins.js';
import type { ChangeFeed } from '../../projections/changes.js';
import { ALL_CHANNEL, coinChannel, StreamFeed } from '../stream/stream-feed.js';
import { MAX_STREAMS_PER_VISITOR, StreamHub } from '../stream/stream-hub.js';

/** How the streams word launches and graduations (as webhooks do). */
export interface StreamDeps {
  events: EventContext;
}

const NO_FEED = 'live streams are not served by this process: it does not run the projections';

const errors = { ...errorResponses, 503: errorBody.describe('This process has no live feed (it does not run the projections)') };

export function streamRoutes(ctx: ApiContext, changes: ChangeFeed | undefined, deps: StreamDeps | undefined, logger?: Logger): FastifyPluginAsyncZod {
  return async (app) => {
    let hub: StreamHub | null = null;
    if (changes !== undefined && deps !== undefined) {
      const open = (hub = new StreamHub());
      const unsubscribe = changes(new StreamFeed(open, ctx, deps.events, logger).onCommitted);
      // Open streams never end by themselves: end them before the server waits for its connections to close.
      app.addHook('preClose', async () => {
        unsubscribe();
        open.close();
      });
    }

    function follow(request: FastifyRequest, query: StreamQuery, reply: FastifyReply, channel: string) {
      if (hub === null) return reply.code(503).send({ error: NO_FEED });
      const visitor = visitorOf(request.ip);
      if (!hub.admits(visitor)) return reply.code(429).send({ error: `too many open streams: at most ${MAX_STREAMS_PER_VISITOR} a visitor` });
      const header = request.headers['last-event-id'];
      const lastEventId = (typeof header === 'string' && header !== '' ? header : undefined) ?? query.lastEventId;
      // The headers hooks set so far (CORS) go out with the stream's own; nothing after this point runs Fastify's.
      const set = Object.entries(reply.getHeaders()).filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined);
      reply.hijack();
      reply.raw.writeHead(200, {
        ...Object.fromEntries(set),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      reply.raw.write('retry: 2000\n\n');
      hub.open(channel, visitor, reply.raw, lastEventId);
      return reply;
    }

    app.get(
      '/coins/:mint/stream',
      {
        exposeHeadRoute: false,
        schema: {
          tags: ['market'],
          summary: "A coin's trades and candles as they land (Server-Sent Events)",
          params: mintParams,
          querystring: streamQuery,
          response: {
            200: streamResponse('The stream', {
              trade: 'a new trade, as an item of GET /coins/{mint}/trades',
              candle: '{ interval, candle }: the latest candle at one interval after new trades, as the last of GET /coins/{mint}/ohlcv',
            }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        if (hub !== null && (await findCoin(ctx.reads, request.params.mint)) === null)
          throw new NotFoundError(`no coin ${request.params.mint} on this network`);
        return follow(request, request.query, reply, coinChannel(request.params.mint));
      },
    );

    app.get(
      '/stream',
      {
        exposeHeadRoute: false,
        schema: {
          tags: ['platform'],
          summary: 'Launches and graduations of every coin as they land (Server-Sent Events)',
          querystring: streamQuery,
          response: {
            200: streamResponse('The stream', {
              'coin.launched': 'a launch, as the coin.launched webhook delivers it',
              'coin.graduated': 'a graduation, as the coin.graduated webhook delivers it',
            }),
            ...errors,
          },
        },
      },
      async (request, reply) => follow(request, request.query, reply, ALL_CHANNEL),
    );
  };
}
