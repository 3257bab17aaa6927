import { EXTRA_TYPES } from '@portal/contracts/api-error';
import type { FastifyInstance } from 'fastify';

/**
 * FAULT_SERVICES (fault tests only; config refuses it in production): every request to the named
 * services is answered 503 as if that backend were down, so the web app's partial-failure handling can
 * be seen against the real server. Registered first, so nothing behind it runs.
 */
export function failConfiguredServices(app: FastifyInstance): void {
  const names = app.config.FAULT_SERVICES;
  if (names.length === 0) return;
  const prefixes = names.map((name) => `/api/${name}`);
  app.log.warn({ services: names }, 'FAULT_SERVICES: these services answer 503 on purpose');
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    // The reseller's public resend-password call lives under /api/reseller too and fails with it.
    if (!prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return;
    return reply
      .status(503)
      .header('retry-after', '30')
      .send({ detail: 'Service unavailable', extraType: EXTRA_TYPES.unavailable });
  });
}
