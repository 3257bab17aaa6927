import type { BrandId } from '@portal/contracts/brands';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../domain/errors.ts';
import { mailLocale } from '../../domain/mail/templates.ts';
import { unsubscribe } from '../../domain/notifications/mail/unsubscribe.ts';
import { verifyUnsubscribeToken } from '../../domain/notifications/mail/unsubscribe-token.ts';
import { brandOfRequest } from '../../infrastructure/config/brand-hosts.ts';
import { acceptFormPosts, sendLinkPage } from '../../infrastructure/http/link-pages.ts';
import { renderUnsubscribePage, type UnsubscribePageState } from './unsubscribe-page.ts';

const querystring = z.object({ token: z.string().max(1000).optional() });
/** The confirm page's form (token), or RFC 8058's one-click body (`List-Unsubscribe=One-Click`). */
const formBody = z
  .object({
    token: z.string().max(1000).optional(),
    'List-Unsubscribe': z.literal('One-Click').optional(),
  })
  .strict()
  .nullish();

const LINK_INVALID = 'This unsubscribe link is not valid.';
const LINK_EXPIRED = 'This unsubscribe link has expired.';
const wantsHtml = (request: FastifyRequest) => String(request.headers.accept ?? '').includes('text/html');

/**
 * The unsubscribe link of incident mail (no session: the signed token is the credential). GET shows a
 * confirm page; POST (its button, or a mail client's RFC 8058 one-click POST with the token in the query)
 * turns the member's incident mail off.
 */
export async function unsubscribeRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  acceptFormPosts(app, 8192);

  const handle = async (
    request: FastifyRequest,
    reply: FastifyReply,
    token: string | undefined,
    act: boolean,
  ) => {
    const fallbackLocale = mailLocale(String(request.headers['accept-language'] ?? '').split(',')[0]);
    const page = (
      state: UnsubscribePageState,
      status: number,
      extra: { email?: string; locale?: string; vendor?: BrandId } = {},
    ) =>
      sendLinkPage(
        reply,
        renderUnsubscribePage({
          // The member's own brand once the link is known to be theirs (decision 0022), else the host's.
          brand: extra.vendor ?? brandOfRequest(app.config, request),
          locale: extra.locale ? mailLocale(extra.locale) : fallbackLocale,
          state,
          ...(extra.email ? { email: extra.email } : {}),
          ...(token ? { token } : {}),
          action: request.url.split('?')[0] ?? request.url,
        }),
        status,
      );
    const check = token
      ? await verifyUnsubscribeToken(app.db, token)
      : ({ ok: false, reason: 'malformed' } as const);
    if (!check.ok) {
      // A browser gets the page; anything else (a mail client's one-click POST, an API client) the JSON error.
      if (!wantsHtml(request)) throw badRequest(check.reason === 'expired' ? LINK_EXPIRED : LINK_INVALID);
      return page(check.reason === 'expired' ? 'expired' : 'invalid', 400);
    }
    const user = await app.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select(['users.email', 'users.locale', 'companies.vendor'])
      .where('users.id', '=', check.userId)
      .executeTakeFirst();
    if (!user) {
      if (!wantsHtml(request)) throw badRequest(LINK_INVALID);
      return page('invalid', 400);
    }
    if (!act) return page('confirm', 200, user);
    await unsubscribe(app.db, check.userId);
    return page('done', 200, user);
  };

  app.get(
    '/v1/unsubscribe',
    { config: { caller: 'none' }, schema: { tags: ['notifications'], querystring } },
    async (request, reply) => handle(request, reply, request.query.token, false),
  );

  app.post(
    '/v1/unsubscribe',
    { config: { caller: 'none' }, schema: { tags: ['notifications'], querystring, body: formBody } },
    async (request, reply) => {
      const token = request.body?.token ?? request.query.token;
      return handle(request, reply, token, true);
    },
  );
}
