import { SERVICE_PREFIXES } from '@portal/contracts/runtime-config';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../domain/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isSameOrigin(request: FastifyRequest, origin: string, publicUrl: string): boolean {
  try {
    const from = new URL(origin);
    return from.host === request.headers.host || from.origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

/**
 * Refuses state-changing requests that a browser sends on behalf of another site. The API authenticates
 * with bearer tokens rather than cookies, so this is defence in depth; the identity endpoint is exempt
 * because the Cognito protocol is meant to be called cross-origin (it answers CORS itself).
 */
export function refuseCrossSiteWrites(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request and has nothing to wait for.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.url.startsWith(SERVICE_PREFIXES.identity)) return done();
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const crossSite =
      fetchSite === 'cross-site' ||
      origin === 'null' ||
      (origin !== undefined && origin !== '' && !isSameOrigin(request, origin, app.config.PUBLIC_URL));
    done(crossSite ? forbidden('Cross-site request refused') : undefined);
  });
}
