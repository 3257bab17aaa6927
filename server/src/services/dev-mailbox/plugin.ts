import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { forbidden } from '../../domain/errors.ts';
import { isLoopbackAddress } from '../../infrastructure/http/loopback.ts';

export const DEV_MAILBOX_LOOPBACK_ONLY =
  'The development mailbox answers only on the machine running the portal.';

/**
 * A proxy on this machine that TRUST_PROXY does not name still says whom it forwards: a request whose
 * X-Forwarded-For or X-Real-IP names another machine is refused even though its socket is loopback.
 */
function forwardsFromElsewhere(headers: FastifyRequest['headers']): boolean {
  const named = [headers['x-forwarded-for'], headers['x-real-ip']]
    .flat()
    .flatMap((value) => (value ?? '').split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  return named.some((address) => !isLoopbackAddress(address));
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The development mailbox (MODE=demo only): the outbox as a page at /api/dev/mailbox and as JSON at
 * /api/dev/mailbox/messages?to=<address>, newest first. It holds reset codes, temporary passwords and
 * approval links, so it answers only a client on this machine (issue 23, decision 0004): the address as
 * Fastify judges it after TRUST_PROXY, so a proxy on loopback forwarding an outside client is refused too.
 */
export const devMailbox: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (request) => {
    if (!isLoopbackAddress(request.ip) || forwardsFromElsewhere(request.headers))
      throw forbidden(DEV_MAILBOX_LOOPBACK_ONLY);
  });
  const list = (to?: string) => {
    let query = app.db
      .selectFrom('mail_outbox')
      .select(['id', 'to_address', 'locale', 'template', 'subject', 'text_body', 'html_body', 'created_at'])
      .orderBy('created_at', 'desc')
      .limit(100);
    if (to) query = query.where(sql<string>`lower(to_address)`, '=', to.toLowerCase());
    return query.execute();
  };

  app.get(
    '/messages',
    { schema: { hide: true, querystring: z.object({ to: z.string().optional() }) } },
    async (request) => {
      const rows = await list(request.query.to);
      return {
        items: rows.map((row) => ({
          id: row.id,
          to: row.to_address,
          locale: row.locale,
          template: row.template,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          createdAt: row.created_at.toISOString(),
        })),
      };
    },
  );

  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await list();
    const items = rows
      .map(
        (row) =>
          `<article><h2>${escapeHtml(row.subject)}</h2><p><b>To:</b> ${escapeHtml(row.to_address)} · ${row.created_at.toISOString()}</p><pre>${escapeHtml(row.text_body)}</pre></article>`,
      )
      .join('<hr>');
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return `<!doctype html><html><head><meta charset="utf-8"><title>Development mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem}</style></head><body><h1>Development mailbox</h1>${items || '<p>No mail yet.</p>'}</body></html>`;
  });
};
