// Routes of the signed webhook calls under /api/v1 (spec 4.5): all POST with JSON bodies, every error `{ error }`
// (400 a field is invalid or a URL refused, 401 the signature or time does not hold, 404 no such webhook of this
// wallet, 409 a limit or a signature already used, 429 a test too soon, 503 webhooks unavailable here).
import type { FastifyError, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorBody } from '../../schemas/api/fields.js';
import {
  webhookActionBody,
  webhookCreateBody,
  webhookCreateResponse,
  webhookDeleteResponse,
  webhookDeliveriesResponse,
  webhookEnableResponse,
  webhookListBody,
  webhookListResponse,
  webhookRedeliverBody,
  webhookRedeliverResponse,
  webhookTestResponse,
} from '../../schemas/api/webhooks.js';
import {
  createWebhook,
  deleteWebhook,
  enableWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  testWebhook,
  WebhookError,
  type WebhookContext,
} from './webhook-calls.js';
import { signedMessageHelp } from './message-help.js';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));
const COMMON = [400, 401, 429, 503] as const;

function installWebhookErrors(app: FastifyInstance): void {
  const fallback = app.errorHandler;
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof WebhookError) return reply.code(error.statusCode).headers(error.headers).send({ error: error.message });
    return fallback.call(app, error, request, reply);
  });
}

export function webhookRoutes(wc: WebhookContext | null): FastifyPluginAsyncZod {
  const need = (): WebhookContext => {
    if (wc === null) throw new WebhookError(503, 'webhooks are not available on this service (no operational store or no key to seal secrets)');
    return wc;
  };
  return async (app) => {
    installWebhookErrors(app);
    const tags = ['webhooks'];
    const route = <B extends z.ZodType, R extends z.ZodType>(
      path: string,
      summary: string,
      body: B,
      response: R,
      codes: readonly number[],
      handle: (wc: WebhookContext, body: z.infer<B>) => Promise<z.infer<R>>,
      status = 200,
    ) =>
      app.post(
        path,
        { schema: { tags, summary, description: signedMessageHelp(path), body, response: { [status]: response, ...errors(...COMMON, ...codes) } } },
        async (request, reply) => {
          const answer = await handle(need(), request.body as z.infer<B>);
          return reply.code(status).send(answer);
        },
      );
    route(
      '/webhooks/create',
      'Create a webhook (5 a wallet); the secret is shown only in this answer',
      webhookCreateBody,
      webhookCreateResponse,
      [409],
      createWebhook,
      201,
    );
    route('/webhooks/list', "The wallet's webhooks", webhookListBody, webhookListResponse, [], listWebhooks);
    route(
      '/webhooks/delete',
      'Delete a webhook: nothing more is sent, queued retries included',
      webhookActionBody,
      webhookDeleteResponse,
      [404, 409],
      deleteWebhook,
    );
    route(
      '/webhooks/enable',
      'Make a paused webhook active again; events from then on are delivered',
      webhookActionBody,
      webhookEnableResponse,
      [404, 409],
      enableWebhook,
    );
    route(
      '/webhooks/test',
      'Deliver a signed `webhook.test` event now (once every 30 seconds a webhook)',
      webhookActionBody,
      webhookTestResponse,
      [404, 409],
      testWebhook,
    );
    route(
      '/webhooks/deliveries',
      "A webhook's deliveries of the last 7 days, newest first",
      webhookActionBody,
      webhookDeliveriesResponse,
      [404],
      listDeliveries,
    );
    route('/webhooks/redeliver', 'Queue one event again for a webhook, by its event id', webhookRedeliverBody, webhookRedeliverResponse, [404, 409], redeliver);
  };
}
