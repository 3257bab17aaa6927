import {
  type OrganizationMetadata,
  organizationMetadataSchema,
  updateOrganizationMetadataSchema,
} from '@portal/contracts/organizations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { DEALER_ONLY } from '../../auth/access-rule.ts';
import type { DB } from '../../db/types.ts';
import { writeAudit } from '../../domain/audit/audit-log.ts';
import { notFound } from '../../domain/errors.ts';
import { recordContactEmailChange } from '../../domain/remote-access/approver-contact.ts';
import { sendContactChangeNotice } from '../../domain/remote-access/contact-change-notice.ts';
import { isUuid } from '../../domain/uuid.ts';

const tags = ['default'];
const security = [{ bearer: [] }];
export const orgParams = z.object({ orgId: z.string().min(1).max(64) });

/** API field → column (SPEC §3 Organization metadata: `name` is the contact's name). */
const COLUMNS = {
  name: 'contact_name',
  reference: 'reference',
  address: 'address',
  email: 'contact_email',
  phone: 'contact_phone',
} as const satisfies Record<keyof OrganizationMetadata, string>;

/** `forUpdate`: lock the row for an edit, so concurrent edits (from any process) compare against the latest value. */
async function readMetadata(
  db: Kysely<DB> | Transaction<DB>,
  companyId: string,
  orgId: string,
  forUpdate = false,
): Promise<OrganizationMetadata> {
  if (!isUuid(orgId)) throw notFound('Organization not found');
  const row = await db
    .selectFrom('organizations')
    .select(['contact_name', 'reference', 'address', 'contact_email', 'contact_phone'])
    .where('id', '=', orgId)
    .where('company_id', '=', companyId)
    .$if(forUpdate, (query) => query.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound('Organization not found');
  return {
    name: row.contact_name,
    reference: row.reference,
    address: row.address,
    email: row.contact_email,
    phone: row.contact_phone,
  };
}

/** A customer's contact metadata; only organizations of the caller's company (else 404). */
export async function metadataRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/organizations/:orgId/metadata',
    {
      config: { caller: 'session', access: DEALER_ONLY },
      schema: { tags, security, params: orgParams, response: { 200: organizationMetadataSchema } },
    },
    async (request) => {
      const caller = request.caller;
      return readMetadata(app.db, caller.companyId, request.params.orgId);
    },
  );

  app.patch(
    '/v1/organizations/:orgId/metadata',
    {
      config: { caller: 'session', access: DEALER_ONLY },
      schema: {
        tags,
        security,
        params: orgParams,
        body: updateOrganizationMetadataSchema,
        response: { 200: organizationMetadataSchema },
      },
    },
    async (request) => {
      const caller = request.caller;
      const { orgId } = request.params;
      let emailChange: { from: string; to: string } | undefined;
      const saved = await app.db.transaction().execute(async (trx) => {
        const before = await readMetadata(trx, caller.companyId, orgId, true);
        const changed = Object.fromEntries(
          Object.entries(request.body).filter(
            ([field, value]) => value !== undefined && before[field as keyof OrganizationMetadata] !== value,
          ),
        ) as Partial<OrganizationMetadata>;
        const fields = Object.keys(changed) as (keyof OrganizationMetadata)[];
        if (fields.length === 0) return before;
        await trx
          .updateTable('organizations')
          .set(Object.fromEntries(fields.map((field) => [COLUMNS[field], changed[field]])))
          .where('id', '=', orgId)
          .where('company_id', '=', caller.companyId)
          .execute();
        if (changed.email !== undefined) {
          emailChange = { from: before.email, to: changed.email };
          await recordContactEmailChange(trx, {
            organizationId: orgId,
            ...emailChange,
            userId: caller.userId,
          });
        }
        await writeAudit(trx, {
          actorUserId: caller.userId,
          companyId: caller.companyId,
          action: 'organization.metadata.update',
          targetType: 'organization',
          targetId: orgId,
          details: {
            changed: Object.fromEntries(
              fields.map((field) => [field, { from: before[field], to: changed[field] }]),
            ),
          },
        });
        return { ...before, ...changed };
      });
      if (emailChange) {
        const change = { organizationId: orgId, ...emailChange, userId: caller.userId, at: new Date() };
        await sendContactChangeNotice(app, change);
      }
      return saved;
    },
  );
}
