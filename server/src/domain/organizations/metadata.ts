import type { OrganizationMetadata } from '@portal/contracts/organizations';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { writeAudit } from '../audit/audit-log.ts';
import { notFound } from '../errors.ts';
import { recordContactEmailChange } from '../remote-access/approver-contact.ts';
import { isUuid } from '../uuid.ts';

/** API field → column (SPEC §3 Organization metadata: `name` is the contact's name). */
const COLUMNS = {
  name: 'contact_name',
  reference: 'reference',
  address: 'address',
  email: 'contact_email',
  phone: 'contact_phone',
} as const satisfies Record<keyof OrganizationMetadata, string>;

/**
 * A customer's contact metadata; only organizations of `companyId` (else 404). `forUpdate`: lock the row for
 * an edit, so concurrent edits (from any process) compare against the latest value.
 */
export async function readMetadata(
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

export interface MetadataEdit {
  saved: OrganizationMetadata;
  /** Set when the contact e-mail changed (decision 0009: the previous address gets a notice). */
  emailChange?: { from: string; to: string };
}

/**
 * Saves the fields that differ from the stored ones, in one transaction with the contact e-mail history
 * (decision 0009) and an audit entry naming each change.
 */
export async function updateMetadata(
  db: Kysely<DB>,
  editor: { userId: string; companyId: string },
  orgId: string,
  update: Partial<OrganizationMetadata>,
): Promise<MetadataEdit> {
  return db.transaction().execute(async (trx) => {
    const before = await readMetadata(trx, editor.companyId, orgId, true);
    const changed = Object.fromEntries(
      Object.entries(update).filter(
        ([field, value]) => value !== undefined && before[field as keyof OrganizationMetadata] !== value,
      ),
    ) as Partial<OrganizationMetadata>;
    const fields = Object.keys(changed) as (keyof OrganizationMetadata)[];
    if (fields.length === 0) return { saved: before };
    await trx
      .updateTable('organizations')
      .set(Object.fromEntries(fields.map((field) => [COLUMNS[field], changed[field]])))
      .where('id', '=', orgId)
      .where('company_id', '=', editor.companyId)
      .execute();
    let emailChange: MetadataEdit['emailChange'];
    if (changed.email !== undefined) {
      emailChange = { from: before.email, to: changed.email };
      await recordContactEmailChange(trx, { organizationId: orgId, ...emailChange, userId: editor.userId });
    }
    await writeAudit(trx, {
      actorUserId: editor.userId,
      companyId: editor.companyId,
      action: 'organization.metadata.update',
      targetType: 'organization',
      targetId: orgId,
      before: Object.fromEntries(fields.map((field) => [field, before[field]])),
      after: changed,
      details: {
        changed: Object.fromEntries(
          fields.map((field) => [field, { from: before[field], to: changed[field] }]),
        ),
      },
    });
    return { saved: { ...before, ...changed }, ...(emailChange ? { emailChange } : {}) };
  });
}
