import { EXTRA_TYPES } from '@portal/contracts/api-error';
import {
  CHANGE_REPLAY_HEADER,
  type ChangeEvent,
  changeStreamQuerySchema,
  RECONNECT_EVENT,
  REPLAYED_EVENT,
} from '@portal/contracts/incidents';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import { DomainError } from '../../domain/errors.ts';
import type { CompanyChange } from '../../edge/change-hub.ts';
import { DATABASE_UNAVAILABLE_DETAIL } from '../../infrastructure/http/database-unavailable.ts';
import { HttpError } from '../../infrastructure/http/errors.ts';
import { SHUTDOWN_RETRY_AFTER_SECONDS } from '../../infrastructure/http/graceful-close.ts';
import { createChangeMerger } from './change-merger.ts';
import { type SlotRefusal, StreamSlots } from './stream-slots.ts';

/** A comment line keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/**
 * At shutdown each stream is told to reconnect after a random wait below this, so that a process's
 * screens do not all land on the next one in the same instant.
 */
const RECONNECT_SPREAD_MS = 500;
/**
 * A replay reaches this much further back than asked: a screen's data was read on the server a little before
 * its answer arrived, and a change may still wait in the last stream's merge window.
 */
const REPLAY_MARGIN_MS = 10_000;

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
export async function eventRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const slots = new StreamSlots({
    perMember: app.config.EVENT_STREAMS_PER_MEMBER,
    perCompany: app.config.EVENT_STREAMS_PER_COMPANY,
  });
  // A stream ends after EVENT_STREAM_LIFETIME_SECONDS and the client reconnects with a fresh token. Its caller
  // (sign-in, membership, role, token) is checked again every EVENT_STREAM_RECHECK_SECONDS meanwhile, so a
  // sign-out, a revoked token or a removed member ends it within that time (issue 23 item 8).
  const lifetimeMs = app.config.EVENT_STREAM_LIFETIME_SECONDS * 1000;
  const recheckMs = app.config.EVENT_STREAM_RECHECK_SECONDS * 1000;
  // Changes are sent at most this often per stream (EVENT_STREAM_MERGE_MS, 1 s).
  const mergeMs = app.config.EVENT_STREAM_MERGE_MS;
  app.get(
    '/companies/events',
    {
      config: { caller: 'company-token', access: DEALER_ONLY },
      schema: { tags: ['user-portal'], security: [{ bearer: [] }], querystring: changeStreamQuerySchema },
    },
    async (request, reply) => {
      const { caller } = request;
      const { replayMs } = request.query;
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
        [CHANGE_REPLAY_HEADER]: '1',
      });
      raw.write(': connected\n\nretry: 2000\n\n');

      const send = (change: CompanyChange) => {
        const event: ChangeEvent = {
          at: new Date().toISOString(),
          kinds: change.kinds,
          organizationIds: change.organizationIds ?? [],
        };
        raw.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
      };
      const merger = createChangeMerger(mergeMs, send);
      const unsubscribe = app.changes.subscribe(request.caller.companyId, merger.add);
      // Subscribed first: a change from now on comes live, so the replay leaves no gap (at worst one twice).
      if (replayMs !== undefined) {
        const missed = app.changes.changesWithin(request.caller.companyId, replayMs + REPLAY_MARGIN_MS);
        if (missed === 'unknown') send({ kinds: ['devices', 'incidents'], organizationIds: null });
        else if (missed !== 'nothing') send(missed);
        raw.write(`event: ${REPLAYED_EVENT}\ndata: {}\n\n`);
      }
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
      const lifetime = setTimeout(end, lifetimeMs);
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
