import { EXTRA_TYPES } from '@portal/contracts/api-error';
import { type ChangeEvent, RECONNECT_EVENT } from '@portal/contracts/incidents';
import type { FastifyInstance } from 'fastify';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import { DomainError } from '../../domain/errors.ts';
import { DATABASE_UNAVAILABLE_DETAIL } from '../../infrastructure/http/database-unavailable.ts';
import { HttpError } from '../../infrastructure/http/errors.ts';
import { SHUTDOWN_RETRY_AFTER_SECONDS } from '../../infrastructure/http/graceful-close.ts';
import { createChangeMerger } from './change-merger.ts';
import { type SlotRefusal, StreamSlots } from './stream-slots.ts';

/** A comment line keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long and the client reconnects with a fresh token. Its caller (sign-in,
 * membership, role, token) is checked again every EVENT_STREAM_RECHECK_SECONDS meanwhile, so a sign-out,
 * a revoked token or a removed member ends it within that time (issue 23 item 8).
 */
const STREAM_LIFETIME_MS = 5 * 60_000;
/**
 * At shutdown each stream is told to reconnect after a random wait below this, so that a process's
 * screens do not all land on the next one in the same instant.
 */
const RECONNECT_SPREAD_MS = 500;

/** What a refused stream says (the web app translates both). */
export const TOO_MANY_STREAMS: Record<SlotRefusal, string> = {
  member:
    'Too many live update connections are open for your account. Close other tabs of the portal and try again.',
  company: 'Too many live update connections are open for your company. Please try again later.',
};

/**
 * `GET /companies/events` (issue 14 item 11): server-sent events telling the dealer's open screens that
 * devices or incidents of its customers changed, so they refetch without a reload.
 */
export async function eventRoutes(app: FastifyInstance): Promise<void> {
  const slots = new StreamSlots({
    perMember: app.config.EVENT_STREAMS_PER_MEMBER,
    perCompany: app.config.EVENT_STREAMS_PER_COMPANY,
  });
  const recheckMs = app.config.EVENT_STREAM_RECHECK_SECONDS * 1000;
  // Changes are sent at most this often per stream (EVENT_STREAM_MERGE_MS, 1 s).
  const mergeMs = app.config.EVENT_STREAM_MERGE_MS;
  app.get(
    '/companies/events',
    {
      config: { caller: 'company-token', access: DEALER_ONLY },
      schema: { tags: ['user-portal'], security: [{ bearer: [] }] },
    },
    async (request, reply) => {
      const { caller } = request;
      // Shutting down: the client (or the balancer, for a GET) tries again, at another process.
      if (app.shutdown.draining) {
        reply.header('retry-after', String(SHUTDOWN_RETRY_AFTER_SECONDS));
        throw new HttpError(503, DATABASE_UNAVAILABLE_DETAIL, EXTRA_TYPES.unavailable);
      }
      // A partner viewing a dealer spends its own company's streams, not the dealer's.
      const slot = slots.take(caller.userId, caller.viewerCompanyId ?? caller.companyId);
      if (typeof slot === 'string') {
        reply.header('retry-after', '30');
        throw new HttpError(429, TOO_MANY_STREAMS[slot], EXTRA_TYPES.rateLimited);
      }
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

      const merger = createChangeMerger(mergeMs, (change) => {
        const event: ChangeEvent = {
          at: new Date().toISOString(),
          kinds: change.kinds,
          organizationIds: change.organizationIds ?? [],
        };
        raw.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const unsubscribe = app.changes.subscribe(request.caller.companyId, merger.add);
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      let rechecking = false;
      const recheck = setInterval(async () => {
        if (rechecking) return;
        rechecking = true;
        try {
          await app.recheckCaller(request);
        } catch (error) {
          // Refused now (signed out, token revoked, no longer a member): the stream ends. Anything else (the
          // database away) keeps it; the next check or its lifetime decides.
          if (error instanceof DomainError) end();
          else request.log.warn({ err: error }, 'event stream: could not check its caller');
        } finally {
          rechecking = false;
        }
      }, recheckMs);
      const end = () => {
        unsubscribe();
        slot.release();
        clearInterval(heartbeat);
        clearInterval(recheck);
        clearTimeout(lifetime);
        merger.dispose();
        if (!raw.writableEnded) raw.end();
      };
      const lifetime = setTimeout(end, STREAM_LIFETIME_MS);
      const farewell = () => {
        const retry = Math.floor(Math.random() * RECONNECT_SPREAD_MS);
        if (!raw.writableEnded) raw.write(`event: ${RECONNECT_EVENT}\nretry: ${retry}\ndata: {}\n\n`);
        end();
      };
      app.liveStreams.add(farewell);
      const closed = () => {
        app.liveStreams.delete(farewell);
        end();
      };
      raw.on('close', closed);
      // A client gone while its caller was being resolved closed before anyone listened: free its slot now.
      if (raw.destroyed || raw.socket?.destroyed) closed();
    },
  );
}
