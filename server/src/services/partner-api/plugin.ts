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
import type { ActsOn } from '../../auth/tenant-scope.ts';
import type { ApiKeyCaller } from '../../domain/api-keys/key-caller.ts';
import { forbidden, notFound } from '../../domain/errors.ts';
import { acknowledgeIncident, muteDevice } from '../../domain/incidents/incident-actions.ts';
import { incidentDetail, listIncidents } from '../../domain/incidents/incident-list.ts';
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
/** Every call reads the key's company, or with `?companyId=` a dealer below it (the caller hook resolves it). */
const forDealer = { dealer: 'query.companyId' } as const satisfies ActsOn;
const read = { caller: 'api-key', scope: 'read', actsOn: forDealer } as const;
const write = { caller: 'api-key', scope: 'incidents:write' } as const;
const readOn = (actsOn: ActsOn) => ({ ...read, actsOn: { ...forDealer, ...actsOn } });
const writeOn = (actsOn: ActsOn) => ({ ...write, actsOn: { ...forDealer, ...actsOn } });
const idParam = z.string().min(1).max(64);

/**
 * The schema of a route on one thing of the company named by `:id` in the path (its config declares the
 * thing, so the caller hook checks it is the company's); `more` adds the body or another query.
 */
const onOne = <More extends object>(summary: string, more: More) => ({
  tags,
  security,
  summary,
  params: z.object({ id: idParam }),
  querystring: partnerCompanyQuerySchema,
  ...more,
});

/**
 * The partner API (issue 27 item 5): a company's customers, sites, devices, incidents and licenses for its
 * own tools, with `Authorization: Bearer ppk_…` (docs/partner-api.md). Scoped like the company token: the
 * key's company, or with `companyId` a dealer below a distributor's or HQ's key, read-only.
 */
export const partnerApiService: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** A page of the company's data: the key's company or the dealer below it, and the validated query. */
  const companyList = <Query extends z.ZodType, Response extends z.ZodType>(
    url: string,
    summary: string,
    { querystring, response }: { querystring: Query; response: Response },
    list: (companyId: string, query: z.infer<Query>) => Promise<z.input<Response>>,
  ) =>
    // The route's types come from `list`; the zod schemas validate and serialize as on every route.
    base.get<{ Querystring: z.infer<Query> }>(
      url,
      { config: read, schema: { tags, security, summary, querystring, response: { 200: response } } },
      (request) => list(request.tenant.companyId, request.query as z.infer<Query>),
    );

  /** One thing of the company by id, named in the path and declared, answered with an ETag. */
  const companyItem = <Response extends z.ZodType>(
    url: `${string}/:id`,
    kind: 'customer' | 'incident',
    summary: string,
    response: Response,
    read: (companyId: string, id: string) => Promise<z.input<Response>>,
  ) =>
    base.get<{ Params: { id: string } }>(
      url,
      {
        config: readOn({ [kind]: 'params.id' }),
        schema: onOne(`${summary} (ETag / If-None-Match)`, { response: { 200: response } }),
      },
      async (request, reply) =>
        withEtag(request, reply, await read(request.tenant.companyId, request.params.id)),
    );

  companyList(
    '/v1/customers',
    'List customers',
    { querystring: partnerPageQuerySchema, response: partnerCustomerPageSchema },
    (companyId, page) => listCustomers(app.db, companyId, page),
  );

  companyItem('/v1/customers/:id', 'customer', 'One customer', partnerCustomerDetailSchema, (companyId, id) =>
    customerDetail(app.db, companyId, id),
  );

  app.get(
    '/v1/customers/:id/sites',
    {
      config: readOn({ customer: 'params.id' }),
      schema: onOne("A customer's sites", {
        querystring: partnerPageQuerySchema,
        response: { 200: partnerSitePageSchema },
      }),
    },
    async (request) => listCustomerSites(app.db, request.tenant.companyId, request.params.id, request.query),
  );

  companyList(
    '/v1/devices',
    'List devices, least recently changed first (sync with updatedSince)',
    { querystring: partnerDeviceQuerySchema, response: partnerDevicePageSchema },
    (companyId, query) => listDevices(app.db, companyId, query),
  );

  companyList(
    '/v1/incidents',
    'List incidents, newest first',
    { querystring: partnerIncidentQuerySchema, response: partnerIncidentPageSchema },
    async (companyId, { companyId: _dealer, customerId, ...query }) => {
      const page = await listIncidents(app.db, companyId, { ...query, organizationId: customerId });
      return { items: page.items.map(toPartnerIncident), next_cursor: page.next_cursor };
    },
  );

  companyItem('/v1/incidents/:id', 'incident', 'One incident', partnerIncidentSchema, async (companyId, id) =>
    toPartnerIncident(await incidentDetail(app.db, companyId, id)),
  );

  app.post(
    '/v1/incidents/:id/acknowledge',
    {
      config: writeOn({ incident: 'params.id' }),
      schema: onOne('Acknowledge an incident (scope incidents:write); a second acknowledge keeps the first', {
        response: { 200: partnerIncidentSchema },
      }),
    },
    async (request) => {
      const incident = await acknowledgeIncident(app.db, keyActor(request), request.params.id);
      return toPartnerIncident(incident);
    },
  );

  const muteSummary = (body: string) =>
    `${body} (scope incidents:write): a muted device opens no new incident until the mute ends`;

  app.post(
    '/v1/devices/:id/mute',
    {
      config: writeOn({ device: 'params.id' }),
      schema: onOne(muteSummary('Mute a device for 15 minutes to 7 days'), {
        body: muteDeviceBodySchema,
        response: { 200: deviceMuteSchema },
      }),
    },
    async (request) => {
      const mute = await muteDevice(app.db, keyActor(request), request.params.id, request.body.minutes);
      if (mute.mutedUntil) await app.background.evaluateAt(new Date(mute.mutedUntil));
      return mute;
    },
  );

  app.delete(
    '/v1/devices/:id/mute',
    {
      config: writeOn({ device: 'params.id' }),
      schema: onOne('Unmute a device (scope incidents:write)', { response: { 200: deviceMuteSchema } }),
    },
    async (request) => muteDevice(app.db, keyActor(request), request.params.id, null),
  );

  /** A key's incident action on its company's data, audited with the key as actor. */
  const keyActor = ({ apiKey: key, tenant }: { apiKey: ApiKeyCaller; tenant: { companyId: string } }) => ({
    userId: null,
    apiKeyId: key.keyId,
    companyId: tenant.companyId,
    auditActor: { type: 'api-key', id: key.keyId, name: key.keyName } as const,
  });

  companyList(
    '/v1/licenses',
    'List licenses, soonest expiry first',
    { querystring: partnerLicenseQuerySchema, response: partnerLicensePageSchema },
    (companyId, query) => listLicenses(app.db, companyId, query, todayUtc()),
  );

  const assertPartner = (role: Parameters<typeof isPartnerRole>[0]) => {
    if (!isPartnerRole(role)) throw forbidden('Your role cannot use this.');
  };

  app.get(
    '/v1/partners',
    {
      config: { caller: 'api-key', scope: 'read' },
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
      config: { caller: 'api-key', scope: 'read' },
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
