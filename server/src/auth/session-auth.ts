import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../domain/errors.ts';
import { type SessionClaims, SessionRejectedError, SessionVerifier } from './session-verifier.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for routes that need a signed-in user: sets `request.session` or answers 401. */
    authenticateSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    sessionVerifier: SessionVerifier;
  }
  interface FastifyRequest {
    /** The verified session; set by `authenticateSession`, null on routes without it. */
    session: SessionClaims | null;
  }
}

/**
 * Decorates the app with session-token authentication for every service that accepts session tokens:
 * `{ onRequest: app.authenticateSession }` on a route (or `app.addHook('onRequest',
 * app.authenticateSession)` in a service plugin), then read `request.session`.
 */
export function registerSessionAuth(app: FastifyInstance): void {
  const verifier = new SessionVerifier(app.config, app.db);
  app.decorate('sessionVerifier', verifier);
  app.decorateRequest('session', null);
  app.decorate('authenticateSession', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? /^Bearer (\S+)$/i.exec(header)?.[1] : undefined;
    if (!token) throw unauthorized('Authentication required');
    try {
      request.session = await verifier.verify(token);
    } catch (error) {
      if (error instanceof SessionRejectedError)
        throw unauthorized('Your session is invalid or has expired.');
      throw error;
    }
  });
}
