// Launch-step errors (spec section 7): `{ errors: [...] }`, every problem at once, each saying what to fix.
// Validation problems are 400; a wallet that has not accepted the terms is 403 when that is all; the hourly
// prepare limit is 429; an unknown launch 404; a launch that cannot be sent again 409; one that can no longer
// land 410; launching unavailable on this service 503.
import { issueText } from '../../schemas/api/fields.js';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';

export class LaunchError extends Error {
  override name = 'LaunchError';
  constructor(
    readonly statusCode: number,
    readonly errors: string[],
  ) {
    super(errors.join('; '));
  }
}

type Issue = z.core.$ZodIssue;

function pathText(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) text += typeof part === 'number' ? `[${part}]` : text === '' ? String(part) : `.${String(part)}`;
  return text;
}

/** One line per zod issue: `field: what to fix`. */
export function issueLines(issues: readonly Issue[]): string[] {
  const lines = issues.map((issue) => {
    return issueText(pathText(issue.path), issue.message);
  });
  return [...new Set(lines)];
}

/** Query and framework errors inside the launch routes answer in the launch shape too. */
export function installLaunchErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof LaunchError) return reply.code(error.statusCode).send({ errors: error.errors });
    if (error.validation !== undefined) {
      const where = error.validationContext ?? 'request';
      const lines = error.validation.map((issue) => {
        const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        return path.length > 0 ? `${path}: ${issue.message}` : `${where}: ${issue.message}`;
      });
      return reply.code(400).send({ errors: lines.length > 0 ? lines : [`invalid ${where}`] });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && error.code?.startsWith('FST_')) return reply.code(status).send({ errors: [error.message] });
    request.log.error({ err: error }, 'unexpected launch error');
    return reply.code(500).send({ errors: ['internal error; try again shortly (a repeated submit never sends twice)'] });
  });
}
