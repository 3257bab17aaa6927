import { apiKeyListSchema, createApiKeySchema, createdApiKeySchema } from '@portal/contracts/api-keys';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createApiKey, listApiKeys, revokeApiKey } from '../../domain/api-keys/api-keys.ts';
import { onOwnCompany, onOwnCompanyThing } from './params.ts';

const from = (request: FastifyRequest) => ({
  address: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/** A company's partner-API keys (issue 27 item 4): the owner creates, lists and revokes them. */
export async function apiKeyRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/companies/:companyId/api-keys',
    onOwnCompany('owner', { response: { 200: apiKeyListSchema } }),
    async (request) => ({ items: await listApiKeys(app.db, request.caller.companyId) }),
  );

  app.post(
    '/v1/companies/:companyId/api-keys',
    onOwnCompany('owner', { body: createApiKeySchema, response: { 201: createdApiKeySchema } }),
    async (request, reply) => {
      const created = await createApiKey(app.db, request.caller, request.body, from(request));
      return reply.status(201).send(created);
    },
  );

  app.delete('/v1/companies/:companyId/api-keys/:id', onOwnCompanyThing('owner'), async (request, reply) => {
    await revokeApiKey(app.db, request.caller, request.params.id, from(request));
    return reply.status(204).send();
  });
}
