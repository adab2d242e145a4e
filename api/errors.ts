// Read errors in the spec's one shape, `{ error: <text> }` (spec section 7): 400 for any invalid parameter or
// body, 404 for an unknown route or a resource not on this network, 405 for a known path asked with a method it does
// not take, and a 500 that names nothing internal.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { issueText } from '../schemas/api/fields.js';
import { RouteMethods } from './method-not-allowed.js';

/** Longest part of an unknown path repeated in its 404 text. */
const MAX_ECHOED_PATH = 200;

/** A resource that does not exist on this network: answered 404. */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
  readonly statusCode = 404;
}

/** A parameter that passes its schema but fails a check that needs the service's own state (for example a
 * date after today): answered 400. */
export class BadRequestError extends Error {
  override name = 'BadRequestError';
  readonly statusCode = 400;
}

function validationText(error: FastifyError): string {
  const where = error.validationContext ?? 'request';
  const issues = (error.validation ?? []).map((issue) => {
    const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    return issueText(path, issue.message ?? 'invalid');
  });
  return issues.length > 0 ? `invalid ${where}: ${issues.join('; ')}` : `invalid ${where}`;
}

/** Errors the router raises before any route runs (a malformed URL, an overlong path parameter): 400. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const text = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'a path parameter is too long' : 'malformed URL';
  void reply.code(400).send({ error: text });
}

/** The global error and not-found handlers (405 for a known path asked with another method). Installed before the
 * routes, so that every route declared after is known. */
export function installErrorHandlers(app: FastifyInstance): void {
  const routes = new RouteMethods();
  routes.install(app);
  /** A 405 naming the methods the path takes, when it takes others; undefined when it is unknown. */
  const notAllowed = (request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined => {
    const path = request.url.split('?')[0] ?? request.url;
    const allowed = routes.allowed(path);
    if (allowed.length === 0) return undefined;
    return reply
      .code(405)
      .header('allow', allowed.join(', '))
      .send({ error: `${request.method} is not taken at ${path.slice(0, MAX_ECHOED_PATH)}; use ${allowed.join(' or ')}` });
  };
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A method no route takes can fail in body parsing (a QUERY without a content type) before it is found unrouted.
    if (request.is404) {
      const answered = notAllowed(request, reply);
      if (answered) return answered;
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation !== undefined) {
      return reply.code(400).send({ error: validationText(error) });
    }
    if (error instanceof NotFoundError) return reply.code(404).send({ error: error.message });
    if (error instanceof BadRequestError) return reply.code(400).send({ error: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && error.code?.startsWith('FST_')) {
      // Fastify's own client errors: malformed JSON, bad content type, body too large.
      return reply.code(status).send({ error: error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ error: 'internal error' });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = (request.url.split('?')[0] ?? request.url).slice(0, MAX_ECHOED_PATH);
    return notAllowed(request, reply) ?? reply.code(404).send({ error: `no route ${request.method} ${path}` });
  });
}
