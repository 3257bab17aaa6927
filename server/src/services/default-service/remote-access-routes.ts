import {
  abortRemoteAccessQuerySchema,
  obmSendRequestSchema,
  remoteAccessRequestResultSchema,
} from '@portal/contracts/platform';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import { orgParams } from '../../auth/customer-reads.ts';
import { ON_ORGANIZATION } from '../../auth/tenant-scope.ts';
import { abortRemoteAccess } from '../../domain/remote-access/abort.ts';
import { requestPortalAccess, requestServerAccess } from '../../domain/remote-access/request.ts';

const tags = ['default'];
const security = [{ bearer: [] }];

/**
 * The dealer's side of remote access (SPEC §4, §7): request for the customer's portal (vortex) or its
 * servers (obm), and Abort, which SPEC names without a path: DELETE …/remote-access-request.
 */
export async function remoteAccessRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/v1/organizations/:orgId/vortex-send-request',
    {
      config: { caller: 'session', access: DEALER_ONLY, actsOn: ON_ORGANIZATION },
      schema: { tags, security, params: orgParams, response: { 202: remoteAccessRequestResultSchema } },
    },
    async (request, reply) => {
      const caller = request.caller;
      return reply.status(202).send(await requestPortalAccess(app, caller, request.params.orgId));
    },
  );

  app.post(
    '/v1/organizations/:orgId/obm-send-request',
    {
      config: { caller: 'session', access: DEALER_ONLY, actsOn: ON_ORGANIZATION },
      schema: {
        tags,
        security,
        params: orgParams,
        body: obmSendRequestSchema,
        response: { 202: remoteAccessRequestResultSchema },
      },
    },
    async (request, reply) => {
      const caller = request.caller;
      return reply
        .status(202)
        .send(await requestServerAccess(app, caller, request.params.orgId, request.body));
    },
  );

  app.delete(
    '/v1/organizations/:orgId/remote-access-request',
    {
      config: { caller: 'session', access: DEALER_ONLY, actsOn: ON_ORGANIZATION },
      schema: { tags, security, params: orgParams, querystring: abortRemoteAccessQuerySchema },
    },
    async (request, reply) => {
      const caller = request.caller;
      await abortRemoteAccess(app.db, caller, request.params.orgId, request.query);
      return reply.status(204).send();
    },
  );
}
