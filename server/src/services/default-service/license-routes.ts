import { licenseTypeFromName } from '@portal/contracts/licenses';
import { licenseInfoListSchema, licenseQuantityListSchema } from '@portal/contracts/statistics';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEALER_ONLY } from '../../auth/access-rule.ts';

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
    async () => {
      const rows = await app.db
        .selectFrom('license_catalogue')
        .select(['id', 'name', 'duration_days'])
        .orderBy('name')
        .execute();
      return {
        model: rows.map((row) => ({
          id: row.id,
          name: row.name,
          duration: row.duration_days,
          type: licenseTypeFromName(row.name),
        })),
      };
    },
  );

  app.get(
    '/license/quantity',
    {
      config: { caller: 'session', access: DEALER_ONLY },
      schema: { tags, security, response: { 200: licenseQuantityListSchema } },
    },
    async (request) => {
      const { companyId } = request.caller;
      const rows = await app.db
        .selectFrom('license_inventory')
        .select(['license_id', 'quantity'])
        .where('company_id', '=', companyId)
        .orderBy('license_id')
        .execute();
      return { items: rows.map((row) => ({ id: row.license_id, quantity: row.quantity })) };
    },
  );
}
