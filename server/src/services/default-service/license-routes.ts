import { licenseInfoListSchema, licenseQuantityListSchema } from '@portal/contracts/statistics';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import { licenseCatalogue, licenseInventory } from '../../domain/licenses/licenses.ts';

const tags = ['default'];
const security = [{ bearer: [] }];

/** The license catalogue and the caller's company stock (SPEC §7 default service, dashboard inventory). */
export async function licenseRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/license/info',
    {
      config: { caller: 'session', access: DEALER_ONLY },
      schema: { tags, security, response: { 200: licenseInfoListSchema } },
    },
    async () => licenseCatalogue(app.db),
  );

  app.get(
    '/license/quantity',
    {
      config: { caller: 'session', access: DEALER_ONLY },
      schema: { tags, security, response: { 200: licenseQuantityListSchema } },
    },
    async (request) => licenseInventory(app.db, request.caller.companyId),
  );
}
