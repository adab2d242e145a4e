// Routes of wallet-signed launching (spec 4.2 to 4.4) under /api/v1: terms, the pool-venue route and the
// launchpad route. Bodies are checked by the handlers (so one answer lists every problem, field rules and
// store or chain rules together); their schemas still describe them in the OpenAPI document. Every error is
// `{ errors: [...] }`. A background sweep moves launches in flight forward.
import type { FastifyInstance } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { launchErrorBody } from '../../schemas/api/launch-fields.js';
import {
  launchpadPrepareBody,
  launchpadPrepareResponse,
  launchpadStatusQuery,
  launchpadStatusResponse,
  launchpadSubmitBody,
  launchpadSubmitResponse,
} from '../../schemas/api/launch-launchpad.js';
import { poolConfirmBody, poolLaunchResult, poolPrepareBody, poolPrepareResponse, poolSubmitBody, poolSubmitResponse } from '../../schemas/api/launch-pool.js';
import { termsAcceptBody, termsAcceptResponse, termsQuery, termsResponse } from '../../schemas/api/launch-terms.js';
import { requireLaunch, type LaunchContext } from './launch-context.js';
import { installLaunchErrorHandler } from './launch-error.js';
import { launchpadStatus, submitLaunchpadLaunch } from './launchpad-handlers.js';
import { prepareLaunchpadLaunch } from './launchpad-prepare.js';
import { confirmPoolLaunch, submitPoolLaunch } from './pool-handlers.js';
import { preparePoolLaunch } from './pool-prepare.js';
import { sweep } from './progress.js';
import { acceptTerms, getTerms } from './terms-handlers.js';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, launchErrorBody]));
/** Largest request body: a prepare with the largest image (512 KiB as base64) and every other field. */
const BODY_LIMIT = 1024 * 1024;

function installSweep(app: FastifyInstance, lc: LaunchContext): void {
  if (lc.sweepIntervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = true;
      sweep(lc)
        .catch((error: unknown) => app.log.warn({ err: error }, 'launch sweep failed'))
        .finally(() => (running = false));
    }, lc.sweepIntervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export function launchRoutes(lc: LaunchContext | null): FastifyPluginAsyncZod {
  const need = (): LaunchContext => requireLaunch(lc);
  return async (app) => {
    installLaunchErrorHandler(app);
    // Bodies reach the handlers as sent; queries are checked here and answered in the launch error shape.
    app.setValidatorCompiler((route) =>
      route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]),
    );
    if (lc) installSweep(app, lc);
    const tags = ['launch'];

    app.get(
      '/launch/terms',
      { schema: { tags, summary: 'The launch terms to sign for a wallet', querystring: termsQuery, response: { 200: termsResponse, ...errors(400, 503) } } },
      async (request) => getTerms(need(), request.query.wallet),
    );
    app.post(
      '/launch/terms',
      {
        schema: {
          tags,
          summary: 'Accept the launch terms with a wallet signature (once per wallet per version)',
          description: 'A signature that does not verify, or a message signed over 10 minutes ago or ahead of the clock, is 401.',
          body: termsAcceptBody,
          response: { 200: termsAcceptResponse, ...errors(400, 401, 503) },
        },
      },
      async (request) => acceptTerms(need(), request.body),
    );
    app.post(
      '/launch/prepare',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          tags,
          summary: 'Pool-venue route: validate and record a launch, return its unsigned transaction',
          description: 'At most 5 prepares a wallet an hour over both routes (then 429). The terms must be accepted first (else 403).',
          body: poolPrepareBody,
          response: { 200: poolPrepareResponse, ...errors(400, 403, 429, 503) },
        },
      },
      async (request) => preparePoolLaunch(need(), request.body),
    );
    app.post(
      '/launch/submit',
      {
        schema: {
          tags,
          summary: 'Pool-venue route: send the signed transaction (once)',
          body: poolSubmitBody,
          response: { 200: poolSubmitResponse, ...errors(400, 404, 409, 410, 503) },
        },
      },
      async (request) => submitPoolLaunch(need(), request.body),
    );
    app.post(
      '/launch/confirm',
      {
        schema: {
          tags,
          summary: 'Pool-venue route: the confirmed launch; 409 until it has landed',
          body: poolConfirmBody,
          response: { 200: poolLaunchResult, ...errors(400, 404, 409, 410, 503) },
        },
      },
      async (request) => confirmPoolLaunch(need(), request.body),
    );
    app.post(
      '/launch/launchpad/prepare',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          tags,
          summary: 'Launchpad route: validate and record a launch, return its unsigned transactions',
          description: 'At most 5 prepares a wallet an hour over both routes (then 429). The terms must be accepted first (else 403).',
          body: launchpadPrepareBody,
          response: { 200: launchpadPrepareResponse, ...errors(400, 403, 429, 503) },
        },
      },
      async (request) => prepareLaunchpadLaunch(need(), request.body),
    );
    app.post(
      '/launch/launchpad/submit',
      {
        schema: {
          tags,
          summary: 'Launchpad route: send the signed transactions in order (once)',
          body: launchpadSubmitBody,
          response: { 200: launchpadSubmitResponse, ...errors(400, 404, 409, 410, 503) },
        },
      },
      async (request) => submitLaunchpadLaunch(need(), request.body),
    );
    app.get(
      '/launch/launchpad/status',
      {
        schema: {
          tags,
          summary: 'Launchpad route: prepared, sending, confirmed or abandoned',
          querystring: launchpadStatusQuery,
          response: { 200: launchpadStatusResponse, ...errors(400, 404, 503) },
        },
      },
      async (request) => launchpadStatus(need(), request.query.mint),
    );
  };
}
