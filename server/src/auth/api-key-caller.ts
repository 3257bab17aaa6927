import type { ApiKeyScope } from '@portal/contracts/api-keys';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ApiKeyCaller, auditNewAddress, useApiKey } from '../domain/api-keys/key-caller.ts';
import { forbidden, tooManyRequests, unauthorized } from '../domain/errors.ts';

/** The per-key rate window: PARTNER_API_RATE_LIMIT_PER_MINUTE calls a minute. */
const WINDOW_SECONDS = 60;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What an `api-key` route demands of the key (issue 27): `read` for reads, `incidents:write` for acknowledge. */
    scope?: ApiKeyScope;
  }
  interface FastifyRequest {
    /** The key of an `api-key` route (the partner API). */
    apiKey: ApiKeyCaller;
  }
}

export const INVALID_API_KEY = 'Invalid or revoked API key';
export const MISSING_SCOPE = (scope: ApiKeyScope) => `This API key does not have the ${scope} scope.`;

/**
 * The caller of a partner-API route (`Authorization: Bearer ppk_…`): the live key, counted (calls of the day,
 * last used, the rate window, the address), then the route's scope. Every answer carries the RateLimit-*
 * headers; beyond the limit 429 with Retry-After.
 */
export async function resolveApiKeyCaller(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string | undefined,
): Promise<void> {
  if (!token) throw unauthorized();
  const now = new Date();
  const use = await useApiKey(app.db, token, {
    now,
    address: request.ip,
    windowSeconds: WINDOW_SECONDS,
  });
  if (!use) throw unauthorized(INVALID_API_KEY);
  const limit = app.config.PARTNER_API_RATE_LIMIT_PER_MINUTE;
  const reset = Math.max(
    1,
    Math.ceil((use.windowStartedAt.getTime() + WINDOW_SECONDS * 1000 - now.getTime()) / 1000),
  );
  reply.header('ratelimit-limit', String(limit));
  reply.header('ratelimit-remaining', String(Math.max(0, limit - use.windowCalls)));
  reply.header('ratelimit-reset', String(reset));
  if (use.newAddress) {
    const userAgent = request.headers['user-agent'] ?? null;
    await auditNewAddress(app.db, use.caller, { address: request.ip, userAgent });
  }
  if (use.windowCalls > limit) {
    reply.header('retry-after', String(reset));
    throw tooManyRequests('Too many requests. Please try again later.');
  }
  const { scope } = request.routeOptions.config;
  if (scope && !use.caller.scopes.includes(scope)) throw forbidden(MISSING_SCOPE(scope));
  request.apiKey = use.caller;
}
