import {
  deviceMuteSchema,
  deviceParamsSchema,
  incidentDetailSchema,
  incidentListQuerySchema,
  incidentPageSchema,
  incidentParamsSchema,
  incidentSchema,
  muteDeviceBodySchema,
} from '@portal/contracts/incidents';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import { acknowledgeIncident, muteDevice } from '../../domain/incidents/incident-actions.ts';
import { incidentDetail, listIncidents } from '../../domain/incidents/incident-list.ts';

const tags = ['user-portal'];
const security = [{ bearer: [] }];
const config = { caller: 'company-token', access: DEALER_ONLY } as const;
const onIncident = { ...config, actsOn: { incident: 'params.id' } } as const;
const onDevice = { ...config, actsOn: { device: 'params.deviceId' } } as const;

/** Incidents of the dealer's customers (issue 14): list, timeline, acknowledge, mute a device. */
export async function incidentRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/companies/incidents',
    {
      config,
      schema: { tags, security, querystring: incidentListQuerySchema, response: { 200: incidentPageSchema } },
    },
    async (request) => listIncidents(app.db, request.caller.companyId, request.query),
  );

  app.get(
    '/companies/incidents/:id',
    {
      config: onIncident,
      schema: { tags, security, params: incidentParamsSchema, response: { 200: incidentDetailSchema } },
    },
    async (request) => incidentDetail(app.db, request.caller.companyId, request.params.id),
  );

  app.post(
    '/companies/incidents/:id/acknowledge',
    {
      config: onIncident,
      schema: { tags, security, params: incidentParamsSchema, response: { 200: incidentSchema } },
    },
    async (request) => acknowledgeIncident(app.db, request.caller, request.params.id),
  );

  app.post(
    '/companies/devices/:deviceId/mute',
    {
      config: onDevice,
      schema: {
        tags,
        security,
        params: deviceParamsSchema,
        body: muteDeviceBodySchema,
        response: { 200: deviceMuteSchema },
      },
    },
    async (request) => {
      const mute = await muteDevice(app.db, request.caller, request.params.deviceId, request.body.minutes);
      if (mute.mutedUntil) await app.background.evaluateAt(new Date(mute.mutedUntil));
      return mute;
    },
  );

  app.delete(
    '/companies/devices/:deviceId/mute',
    {
      config: onDevice,
      schema: { tags, security, params: deviceParamsSchema, response: { 200: deviceMuteSchema } },
    },
    async (request) => {
      const mute = await muteDevice(app.db, request.caller, request.params.deviceId, null);
      await app.background.evaluateAt(new Date());
      return mute;
    },
  );
}
