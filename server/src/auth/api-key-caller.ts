import type { ApiKeyScope } from '@portal/contracts/api-keys';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ApiKeyCaller, findApiKey } from '../domain/api-keys/key-caller.ts';
import { KeyUsage, RATE_WINDOW_SECONDS } from '../domain/api-keys/key-usage.ts';
import { forbidden, tooManyRequests, unauthorized } from '../domain/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What an `api-key` route demands of the key (issue 27): `read` for reads, `incidents:write` for acknowledge. */
    scope?: ApiKeyScope;
  }
  interface FastifyInstance {
    /** The partner-API keys' calls, counted here and written about once a second (key-usage.ts). */
    apiKeyUsage: KeyUsage;
  }
  interface FastifyRequest {
    /** The key of an `api-key` route (the partner API). */
    apiKey: ApiKeyCaller;
  }
}

export const INVALID_API_KEY = 'Invalid or revoked API key';
export const MISSING_SCOPE = (scope: ApiKeyScope) => `This API key does not have the ${scope} scope.`;

/** The usage counter of this app; its last counts are written before the database closes. */
export function registerApiKeyUsage(app: FastifyInstance): void {
  const usage = new KeyUsage(app.db);
  app.decorate('apiKeyUsage', usage);
  app.addHook('preClose', () => usage.flush());
}

/**
 * The caller of a partner-API route (`Authorization: Bearer ppk_…`): the live key (one read), its call
 * counted, then the route's scope. Every answer carries the RateLimit-* headers; beyond the limit 429 with
 * Retry-After.
 */
export async function resolveApiKeyCaller(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string | undefined,
): Promise<void> {
  if (!token) throw unauthorized();
  const found = await findApiKey(app.db, token);
  if (!found) throw unauthorized(INVALID_API_KEY);
  const now = new Date();
  const unwritten = app.apiKeyUsage.record(
    found.caller,
    request.ip,
    request.headers['user-agent'] ?? null,
    now,
  );
  const windowMs = RATE_WINDOW_SECONDS * 1000;
  const live =
    found.window && found.window.startedAt.getTime() > now.getTime() - windowMs ? found.window : null;
  const calls = (live?.calls ?? 0) + unwritten;
  const limit = app.config.PARTNER_API_RATE_LIMIT_PER_MINUTE;
  const resetsAt = (live?.startedAt.getTime() ?? now.getTime()) + windowMs;
  const reset = Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000));
  reply.header('ratelimit-limit', String(limit));
  reply.header('ratelimit-remaining', String(Math.max(0, limit - calls)));
  reply.header('ratelimit-reset', String(reset));
  if (calls > limit) {
    reply.header('retry-after', String(reset));
    throw tooManyRequests('Too many requests. Please try again later.');
  }
  const { scope } = request.routeOptions.config;
  if (scope && !found.caller.scopes.includes(scope)) throw forbidden(MISSING_SCOPE(scope));
  request.apiKey = found.caller;
}
