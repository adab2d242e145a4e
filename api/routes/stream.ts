// Routes of the live streams (Server-Sent Events): `GET /coins/{mint}/stream` and `GET /stream`, fed by the live
// views as the log folds in (api/stream). A visitor may hold MAX_STREAMS_PER_VISITOR streams (429 beyond);
// `Last-Event-ID` (or `lastEventId`) resumes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mintParams } from '../../schemas/api/coins.js';
import { errorResponses } from '../../schemas/api/fields.js';
import { streamQuery, streamResponse, type StreamQuery } from '../../schemas/api/stream.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { visitorOf } from '../payments/visitor.js';
import { eventContextOf } from '../stream/event-context.js';
import { ALL_CHANNEL, coinChannel, StreamFeed } from '../stream/stream-feed.js';
import { MAX_STREAMS_PER_VISITOR, StreamHub } from '../stream/stream-hub.js';

export function streamRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    const hub = new StreamHub();
    const unsubscribe = ctx.views.feed.subscribe(new StreamFeed(hub, ctx.views, eventContextOf(ctx.config)).onChange);
    // Open streams never end by themselves: end them before the server waits for its connections to close.
    app.addHook('preClose', async () => {
      unsubscribe();
      hub.close();
    });

    function follow(request: FastifyRequest, query: StreamQuery, reply: FastifyReply, channel: string) {
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
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        if (ctx.views.board.launchOf(request.params.mint) === undefined) throw new NotFoundError(`no coin ${request.params.mint} on this network`);
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
            ...errorResponses,
          },
        },
      },
      async (request, reply) => follow(request, request.query, reply, ALL_CHANNEL),
    );
  };
}
