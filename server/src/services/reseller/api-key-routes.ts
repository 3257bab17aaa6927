import { apiKeyListSchema, createApiKeySchema, createdApiKeySchema } from '@portal/contracts/api-keys';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createApiKey, listApiKeys, revokeApiKey } from '../../domain/api-keys/api-keys.ts';
import { assertOwnCompany, assertOwner } from '../../domain/members/members.ts';
import { idParam, security, tags } from './params.ts';

const companyParams = z.object({ companyId: idParam });
const keyParams = z.object({ companyId: idParam, id: idParam });
const from = (request: FastifyRequest) => ({
  address: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/** A company's partner-API keys (issue 27 item 4): the owner creates, lists and revokes them. */
export async function apiKeyRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/companies/:companyId/api-keys',
    {
      config: { caller: 'session' },
      schema: { tags, security, params: companyParams, response: { 200: apiKeyListSchema } },
    },
    async (request) => {
      assertOwnCompany(request.caller, request.params.companyId);
      assertOwner(request.caller);
      return { items: await listApiKeys(app.db, request.caller.companyId) };
    },
  );

  app.post(
    '/v1/companies/:companyId/api-keys',
    {
      config: { caller: 'session' },
      schema: {
        tags,
        security,
        params: companyParams,
        body: createApiKeySchema,
        response: { 201: createdApiKeySchema },
      },
    },
    async (request, reply) => {
      const { caller } = request;
      assertOwnCompany(caller, request.params.companyId);
      assertOwner(caller);
      const created = await createApiKey(app.db, caller, request.body, from(request));
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/v1/companies/:companyId/api-keys/:id',
    {
      config: { caller: 'session' },
      schema: { tags, security, params: keyParams },
    },
    async (request, reply) => {
      const { caller } = request;
      assertOwnCompany(caller, request.params.companyId);
      assertOwner(caller);
      await revokeApiKey(app.db, caller, request.params.id, from(request));
      return reply.status(204).send();
    },
  );
}
