import { EXTRA_TYPES } from '@portal/contracts/api-error';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, type DomainErrorKind } from '../domain/errors.ts';
import {
  DATABASE_UNAVAILABLE_DETAIL,
  isDatabaseUnavailable,
} from '../infrastructure/http/database-unavailable.ts';
import { HttpError } from '../infrastructure/http/errors.ts';

interface FieldIssue {
  field: string;
  message: string;
}

function validationIssues(error: FastifyError): FieldIssue[] {
  const where = error.validationContext ?? 'body';
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation.map((issue) => {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return { field: path || where, message: issue.message ?? 'Invalid value' };
    });
  }
  return (error.validation ?? []).map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || where,
    message: issue.message ?? 'Invalid value',
  }));
}

const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'rate-limited': 429,
  unavailable: 503,
};

/**
 * One error handler for every service but identity (which answers in Cognito's envelope):
 * `{ detail, extraType? }` with the right status; a 5xx never carries internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError || error instanceof HttpError) {
      return reply
        .status(error instanceof DomainError ? STATUS_OF[error.kind] : error.statusCode)
        .send({ detail: error.detail, ...(error.extraType ? { extraType: error.extraType } : {}) });
    }
    if (error.validation) {
      const fields = validationIssues(error);
      const detail = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
      return reply.status(400).send({ detail, extraType: EXTRA_TYPES.validation, fields });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ detail: 'Too many requests. Please try again later.', extraType: EXTRA_TYPES.rateLimited });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large, ...).
      return reply
        .status(status)
        .send({ detail: error.message, extraType: error.code ?? EXTRA_TYPES.validation });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down or restarting: a clean "try again", not a fault of this request.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ detail: DATABASE_UNAVAILABLE_DETAIL, extraType: EXTRA_TYPES.unavailable });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(Math.max(status, 500)).send({ detail: 'Something went wrong!' });
  });
}

/** Errors the router raises before any handler runs (undecodable URL, over-long parameter). */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply
    .code(error.statusCode ?? 400)
    .type('application/json')
    .send({ detail: error.message, extraType: error.code });
}
