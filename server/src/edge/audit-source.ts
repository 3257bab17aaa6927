import type { FastifyInstance } from 'fastify';
import { withAuditSource } from '../domain/audit/audit-source.ts';

/**
 * Every handler runs inside its request's audit source (client address with TRUST_PROXY applied, user
 * agent), so an audit entry written anywhere below knows where the change came from. preHandler, not
 * onRequest: the body is parsed by then, and the stream events that parse it would not carry the context.
 */
export function registerAuditSource(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const agent = request.headers['user-agent'];
    withAuditSource(
      { address: request.ip ?? null, userAgent: typeof agent === 'string' ? agent : null },
      done,
    );
  });
}
