import {
  organizationMetadataSchema,
  updateOrganizationMetadataSchema,
} from '@portal/contracts/organizations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import { orgParams } from '../../auth/customer-reads.ts';
import { ON_ORGANIZATION } from '../../auth/tenant-scope.ts';
import { readMetadata, updateMetadata } from '../../domain/organizations/metadata.ts';
import { sendContactChangeNotice } from '../../domain/remote-access/contact-change-notice.ts';

const tags = ['default'];
const security = [{ bearer: [] }];

/** A customer's contact metadata; only organizations of the caller's company (else 404). */
export async function metadataRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/organizations/:orgId/metadata',
    {
      config: { caller: 'session', access: DEALER_ONLY, actsOn: ON_ORGANIZATION },
      schema: { tags, security, params: orgParams, response: { 200: organizationMetadataSchema } },
    },
    async (request) => readMetadata(app.db, request.caller.companyId, request.params.orgId),
  );

  app.patch(
    '/v1/organizations/:orgId/metadata',
    {
      config: { caller: 'session', access: DEALER_ONLY, actsOn: ON_ORGANIZATION },
      schema: {
        tags,
        security,
        params: orgParams,
        body: updateOrganizationMetadataSchema,
        response: { 200: organizationMetadataSchema },
      },
    },
    async (request) => {
      const { orgId } = request.params;
      const { userId } = request.caller;
      const { saved, emailChange } = await updateMetadata(app.db, request.caller, orgId, request.body);
      if (emailChange) {
        await sendContactChangeNotice(app, { organizationId: orgId, ...emailChange, userId, at: new Date() });
      }
      return saved;
    },
  );
}
