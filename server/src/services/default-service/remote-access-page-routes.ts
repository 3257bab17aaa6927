import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decide, findByToken } from '../../domain/remote-access/decision.ts';
import { brandOfRequest } from '../../infrastructure/config/brand-hosts.ts';
import { acceptFormPosts, sendLinkPage } from '../../infrastructure/http/link-pages.ts';
import { renderRemoteAccessPage } from './remote-access-page.ts';

const params = z.object({ token: z.string().max(200) });

/**
 * The page a customer's contact reaches from the mailed link: no session, the token is the credential.
 * GET only shows the request (mail scanners prefetch links); the decision is a POST from its buttons.
 */
export async function remoteAccessPageRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  acceptFormPosts(app);

  app.get(
    '/remote-access/:token',
    { config: { caller: 'none' }, schema: { hide: true, params } },
    async (request, reply) => {
      const pending = await findByToken(app, request.params.token);
      const html = renderRemoteAccessPage(
        pending.vendor ?? brandOfRequest(app.config, request),
        pending,
        request.url,
      );
      return sendLinkPage(reply, html, pending.state === 'unknown' ? 404 : 200);
    },
  );

  app.post(
    '/remote-access/:token',
    {
      config: { caller: 'none' },
      schema: { hide: true, params, body: z.object({ decision: z.enum(['approve', 'deny']) }) },
    },
    async (request, reply) => {
      const state = await decide(app, request.params.token, request.body.decision);
      const pending = await findByToken(app, request.params.token);
      const shown = state === 'unknown' ? pending : { ...pending, state };
      return sendLinkPage(
        reply,
        renderRemoteAccessPage(shown.vendor ?? brandOfRequest(app.config, request), shown, request.url),
        state === 'unknown' ? 404 : 200,
      );
    },
  );
}
