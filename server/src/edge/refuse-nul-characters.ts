import { SERVICE_PREFIXES } from '@portal/contracts/runtime-config';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../domain/errors.ts';

export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in the input would surface as a database error.
 * Refused once, here, for every service (identity checks its own input and answers in its own envelope).
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request and has nothing to wait for.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.url.startsWith(SERVICE_PREFIXES.identity)) return done();
    const refused = containsNul(request.params) || containsNul(request.query) || containsNul(request.body);
    done(refused ? badRequest('Invalid characters: NUL') : undefined);
  });
}
