import type { ChangeEvent } from '@portal/contracts/incidents';
import type { FastifyInstance } from 'fastify';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import type { CompanyChange } from '../../http/change-hub.ts';

/** Changes are sent at most this often per stream: a storm of reports is one refetch a second. */
const COALESCE_MS = 1000;
/** A comment line keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long and the client reconnects: the caller (membership, role, token) is
 * resolved again, so a member removed or a token revoked stops receiving within this time.
 */
const STREAM_LIFETIME_MS = 5 * 60_000;

/**
 * `GET /companies/events` (issue 14 item 11): server-sent events telling the dealer's open screens that
 * devices or incidents of its customers changed, so they refetch without a reload.
 */
export async function eventRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/companies/events',
    {
      config: { caller: 'company-token', access: DEALER_ONLY },
      schema: { tags: ['user-portal'], security: [{ bearer: [] }] },
    },
    async (request, reply) => {
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      raw.write(': connected\n\nretry: 2000\n\n');

      let pending: CompanyChange | undefined;
      let timer: NodeJS.Timeout | undefined;
      const flush = () => {
        timer = undefined;
        if (!pending) return;
        const event: ChangeEvent = {
          at: new Date().toISOString(),
          kinds: pending.kinds,
          organizationIds: pending.organizationIds ?? [],
        };
        pending = undefined;
        raw.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
      };
      const unsubscribe = app.changes.subscribe(request.caller.companyId, (change) => {
        pending = pending
          ? {
              kinds: [...new Set([...pending.kinds, ...change.kinds])],
              organizationIds:
                pending.organizationIds && change.organizationIds
                  ? [...new Set([...pending.organizationIds, ...change.organizationIds])]
                  : null,
            }
          : change;
        timer ??= setTimeout(flush, COALESCE_MS);
      });
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      const end = () => {
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        if (timer) clearTimeout(timer);
        if (!raw.writableEnded) raw.end();
      };
      const lifetime = setTimeout(end, STREAM_LIFETIME_MS);
      app.liveStreams.add(end);
      raw.on('close', () => {
        app.liveStreams.delete(end);
        end();
      });
    },
  );
}
