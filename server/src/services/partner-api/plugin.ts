import { deviceMuteSchema, muteDeviceBodySchema } from '@portal/contracts/incidents';
import {
  partnerCompanyQuerySchema,
  partnerCustomerDetailSchema,
  partnerCustomerPageSchema,
  partnerDevicePageSchema,
  partnerDeviceQuerySchema,
  partnerIncidentPageSchema,
  partnerIncidentQuerySchema,
  partnerIncidentSchema,
  partnerLicensePageSchema,
  partnerLicenseQuerySchema,
  partnerPageQuerySchema,
  partnerSitePageSchema,
} from '@portal/contracts/partner-api';
import {
  partnerListQuerySchema,
  partnerPageSchema,
  partnerScorecardSchema,
} from '@portal/contracts/partners';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiKeyCaller } from '../../domain/api-keys/key-caller.ts';
import { forbidden, notFound } from '../../domain/errors.ts';
import { acknowledgeIncident, muteDevice } from '../../domain/incidents/incident-actions.ts';
import { incidentDetail, listIncidents } from '../../domain/incidents/incident-list.ts';
import { assertWritable, readScope } from '../../domain/partner-api/company-scope.ts';
import { customerDetail, listCustomerSites, listCustomers } from '../../domain/partner-api/customers.ts';
import { listDevices } from '../../domain/partner-api/devices.ts';
import { listLicenses } from '../../domain/partner-api/licenses.ts';
import { listPartners } from '../../domain/partners/partner-figures.ts';
import { partnerScorecard } from '../../domain/partners/partner-scorecard.ts';
import { isPartnerRole } from '../../domain/partners/partner-view.ts';
import { todayUtc } from '../../domain/statistics/today.ts';
import { isUuid } from '../../domain/uuid.ts';
import { withEtag } from './etag.ts';
import { toPartnerIncident } from './incident-shape.ts';

const tags = ['partner-api'];
const security = [{ apiKey: [] }];
const read = { caller: 'api-key', scope: 'read' } as const;
const idParam = z.string().min(1).max(64);
const incidentId = (id: string) => {
  if (!/^[0-9]{1,18}$/.test(id)) throw notFound('Incident not found');
  return id;
};

/**
 * The partner API (issue 27 item 5): a company's customers, sites, devices, incidents and licenses for its
 * own tools, with `Authorization: Bearer ppk_…` (docs/partner-api.md). Scoped like the company token: the
 * key's company, or with `companyId` a dealer below a distributor's or HQ's key, read-only.
 */
export const partnerApiService: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/customers',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'List customers',
        querystring: partnerPageQuerySchema,
        response: { 200: partnerCustomerPageSchema },
      },
    },
    async (request) => {
      const scope = await readScope(app.db, request.apiKey, request.query.companyId);
      return listCustomers(app.db, scope.companyId, request.query);
    },
  );

  app.get(
    '/v1/customers/:id',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'One customer (ETag / If-None-Match)',
        params: z.object({ id: idParam }),
        querystring: partnerCompanyQuerySchema,
        response: { 200: partnerCustomerDetailSchema },
      },
    },
    async (request, reply) => {
      const scope = await readScope(app.db, request.apiKey, request.query.companyId);
      return withEtag(request, reply, await customerDetail(app.db, scope.companyId, request.params.id));
    },
  );

  app.get(
    '/v1/customers/:id/sites',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: "A customer's sites",
        params: z.object({ id: idParam }),
        querystring: partnerPageQuerySchema,
        response: { 200: partnerSitePageSchema },
      },
    },
    async (request) => {
      const scope = await readScope(app.db, request.apiKey, request.query.companyId);
      return listCustomerSites(app.db, scope.companyId, request.params.id, request.query);
    },
  );

  app.get(
    '/v1/devices',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'List devices, least recently changed first (sync with updatedSince)',
        querystring: partnerDeviceQuerySchema,
        response: { 200: partnerDevicePageSchema },
      },
    },
    async (request) => {
      const scope = await readScope(app.db, request.apiKey, request.query.companyId);
      return listDevices(app.db, scope.companyId, request.query);
    },
  );

  app.get(
    '/v1/incidents',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'List incidents, newest first',
        querystring: partnerIncidentQuerySchema,
        response: { 200: partnerIncidentPageSchema },
      },
    },
    async (request) => {
      const { companyId, customerId, ...query } = request.query;
      const scope = await readScope(app.db, request.apiKey, companyId);
      const page = await listIncidents(app.db, scope.companyId, { ...query, organizationId: customerId });
      return { items: page.items.map(toPartnerIncident), next_cursor: page.next_cursor };
    },
  );

  app.get(
    '/v1/incidents/:id',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'One incident (ETag / If-None-Match)',
        params: z.object({ id: idParam }),
        querystring: partnerCompanyQuerySchema,
        response: { 200: partnerIncidentSchema },
      },
    },
    async (request, reply) => {
      const scope = await readScope(app.db, request.apiKey, request.query.companyId);
      const incident = await incidentDetail(app.db, scope.companyId, incidentId(request.params.id));
      return withEtag(request, reply, toPartnerIncident(incident));
    },
  );

  app.post(
    '/v1/incidents/:id/acknowledge',
    {
      config: { caller: 'api-key', scope: 'incidents:write' },
      schema: {
        tags,
        security,
        summary: 'Acknowledge an incident (scope incidents:write); a second acknowledge keeps the first',
        params: z.object({ id: idParam }),
        querystring: partnerCompanyQuerySchema,
        response: { 200: partnerIncidentSchema },
      },
    },
    async (request) => {
      const key = request.apiKey;
      const scope = await readScope(app.db, key, request.query.companyId);
      assertWritable(scope);
      const id = incidentId(request.params.id);
      const incident = await acknowledgeIncident(
        app.db,
        { userId: null, apiKeyId: key.keyId, companyId: scope.companyId, auditActor: keyActor(key) },
        id,
      );
      return toPartnerIncident(incident);
    },
  );

  const write = { caller: 'api-key', scope: 'incidents:write' } as const;
  const muteSummary = (body: string) =>
    `${body} (scope incidents:write): a muted device opens no new incident until the mute ends`;

  app.post(
    '/v1/devices/:id/mute',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: muteSummary('Mute a device for 15 minutes to 7 days'),
        params: z.object({ id: idParam }),
        querystring: partnerCompanyQuerySchema,
        body: muteDeviceBodySchema,
        response: { 200: deviceMuteSchema },
      },
    },
    async (request) => {
      const mute = await muteAsKey(
        request.apiKey,
        request.query.companyId,
        request.params.id,
        request.body.minutes,
      );
      if (mute.mutedUntil) await app.background.evaluateAt(new Date(mute.mutedUntil));
      return mute;
    },
  );

  app.delete(
    '/v1/devices/:id/mute',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Unmute a device (scope incidents:write)',
        params: z.object({ id: idParam }),
        querystring: partnerCompanyQuerySchema,
        response: { 200: deviceMuteSchema },
      },
    },
    async (request) => muteAsKey(request.apiKey, request.query.companyId, request.params.id, null),
  );

  /** The audit log's actor for what a key does. */
  const keyActor = (key: ApiKeyCaller) => ({ type: 'api-key', id: key.keyId, name: key.keyName }) as const;

  /** Mutes (or with null unmutes) a device of the key's company, audited with the key as actor. */
  async function muteAsKey(
    key: ApiKeyCaller,
    companyId: string | undefined,
    deviceId: string,
    minutes: number | null,
  ) {
    const scope = await readScope(app.db, key, companyId);
    assertWritable(scope);
    const mute = await muteDevice(
      app.db,
      { userId: null, apiKeyId: key.keyId, companyId: scope.companyId, auditActor: keyActor(key) },
      deviceId,
      minutes,
    );
    return mute;
  }

  app.get(
    '/v1/licenses',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'List licenses, soonest expiry first',
        querystring: partnerLicenseQuerySchema,
        response: { 200: partnerLicensePageSchema },
      },
    },
    async (request) => {
      const scope = await readScope(app.db, request.apiKey, request.query.companyId);
      return listLicenses(app.db, scope.companyId, request.query, todayUtc());
    },
  );

  const assertPartner = (role: Parameters<typeof isPartnerRole>[0]) => {
    if (!isPartnerRole(role)) throw forbidden('Your role cannot use this.');
  };

  app.get(
    '/v1/partners',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'The companies below a distributor or HQ, with their figures (roll-ups)',
        querystring: partnerListQuerySchema,
        response: { 200: partnerPageSchema },
      },
    },
    async (request) => {
      assertPartner(request.apiKey.role);
      return listPartners(app.db, request.apiKey, request.query, todayUtc());
    },
  );

  app.get(
    '/v1/partners/:companyId',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: "One company's scorecard (ETag / If-None-Match)",
        params: z.object({ companyId: idParam }),
        response: { 200: partnerScorecardSchema },
      },
    },
    async (request, reply) => {
      assertPartner(request.apiKey.role);
      if (!isUuid(request.params.companyId)) throw notFound('Partner not found');
      const card = await partnerScorecard(app.db, request.apiKey, request.params.companyId, todayUtc());
      return withEtag(request, reply, card);
    },
  );
};
