import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decide, findByToken } from '../../domain/remote-access/decision.ts';
import { brandOfRequest } from '../../infrastructure/config/brand-hosts.ts';
import { renderRemoteAccessPage } from './remote-access-page.ts';

const params = z.object({ token: z.string().max(200) });

function sendPage(reply: FastifyReply, html: string, status = 200) {
  // The token is in the URL: keep it out of other sites' Referer headers and out of caches; the page needs
  // no script. Not 'no-referrer': with it Chromium sends `Origin: null` on the Approve/Deny form posts, which
  // the cross-site guard (http/cross-site-guard.ts) rightly refuses.
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The page a customer's contact reaches from the mailed link: no session, the token is the credential.
 * GET only shows the request (mail scanners prefetch links); the decision is a POST from its buttons.
 */
export async function remoteAccessPageRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

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
      return sendPage(reply, html, pending.state === 'unknown' ? 404 : 200);
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
      return sendPage(
        reply,
        renderRemoteAccessPage(shown.vendor ?? brandOfRequest(app.config, request), shown, request.url),
        state === 'unknown' ? 404 : 200,
      );
    },
  );
}
