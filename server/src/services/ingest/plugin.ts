import { EXTRA_TYPES } from '@portal/contracts/api-error';
import {
  ingestBatchSchema,
  ingestDevicePageSchema,
  ingestDeviceQuerySchema,
  ingestResultSchema,
} from '@portal/contracts/ingest';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../domain/errors.ts';
import { applyReports } from '../../domain/ingest/apply-reports.ts';
import { listPlatformDevices } from '../../domain/ingest/platform-devices.ts';
import { HttpError } from '../../infrastructure/http/errors.ts';
import { noteIncidentCause } from '../../infrastructure/observability/job-trace.ts';
import { hitCounter } from '../../infrastructure/rate-limits/rate-counters.ts';
import { parseStrictJson } from './strict-json.ts';

/** How far ahead of the server's clock a report may be dated (clock skew); later is refused. */
const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** The platforms' device reports (issue 14): `POST /api/ingest/v1/reports` with a platform's ingest key. */
export const ingestService: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // A key given twice in one object is refused (400) instead of the last value silently winning.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseStrictJson(body as string));
    } catch (error) {
      done(badRequest((error as Error).message), undefined);
    }
  });

  app.post(
    '/v1/reports',
    {
      bodyLimit: 2 * 1024 * 1024,
      config: { caller: 'ingest-key' },
      schema: {
        tags: ['ingest'],
        security: [{ bearer: [] }],
        body: ingestBatchSchema,
        response: { 202: ingestResultSchema },
      },
    },
    async (request, reply) => {
      const key = request.ingestKey;
      const latest = Date.now() + MAX_CLOCK_SKEW_MS;
      request.body.reports.forEach((report, index) => {
        if (Date.parse(report.at) > latest) throw badRequest(`reports.${index}.at: is in the future`);
      });
      const count = await hitCounter(app.db, `ingest:${key.id}`, 60, new Date());
      if (count > app.config.INGEST_RATE_LIMIT_PER_MINUTE)
        throw new HttpError(429, 'Too many requests. Please try again later.', EXTRA_TYPES.rateLimited);
      const { evaluateAt, incidents, ...result } = await applyReports(app.db, key, request.body.reports, {
        debounceSeconds: app.config.INCIDENT_DEBOUNCE_SECONDS,
        maxReportAgeHours: app.config.INGEST_MAX_REPORT_AGE_HOURS,
        // Before the commit: the fan-out it wakes must find this request's span already noted.
        incidentsChanging: noteIncidentCause,
      });
      app.operations.ingestBatch({ ...result, rejected: result.rejected.length });
      app.operations.incidents(incidents);
      if (evaluateAt) await app.background.evaluateAt(evaluateAt);
      return reply.status(202).send(result);
    },
  );

  app.get(
    '/v1/devices',
    {
      config: { caller: 'ingest-key' },
      schema: {
        tags: ['ingest'],
        security: [{ bearer: [] }],
        querystring: ingestDeviceQuerySchema,
        response: { 200: ingestDevicePageSchema },
      },
    },
    async (request) => listPlatformDevices(app.db, request.ingestKey, request.query),
  );
};
