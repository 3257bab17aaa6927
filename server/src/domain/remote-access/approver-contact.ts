import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;

const DAY_MS = 86_400_000;

export interface ApproverContact {
  /** Where the approval link goes; '' when the customer had no contact e-mail then. */
  email: string;
  /** When a newer contact e-mail starts receiving approval links (null: the current one is settled). */
  newAddressFrom: Date | null;
}

/**
 * Decision 0009: the customer's contact e-mail as it stood `settleDays` ago. The dealer edits the contact
 * (metadata PATCH), so a recent change must not redirect the approval link to an address the dealer chose:
 * the `from_email` of the oldest change inside the window is the address before any recent change.
 */
export async function approverContact(
  db: Db,
  organization: { id: string; contact_email: string },
  settleDays: number,
  now = new Date(),
): Promise<ApproverContact> {
  const since = new Date(now.getTime() - settleDays * DAY_MS);
  const changes = await db
    .selectFrom('organization_contact_email_changes')
    .select(['from_email', 'changed_at'])
    .where('organization_id', '=', organization.id)
    .where('changed_at', '>', since)
    .orderBy('changed_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const oldest = changes[0];
  const newest = changes.at(-1);
  if (!oldest || !newest) return { email: organization.contact_email, newAddressFrom: null };
  return {
    email: oldest.from_email,
    newAddressFrom: new Date(newest.changed_at.getTime() + settleDays * DAY_MS),
  };
}

/** Keeps one contact e-mail change (metadata PATCH) for `approverContact`. */
export async function recordContactEmailChange(
  db: Db,
  change: { organizationId: string; from: string; to: string; userId: string },
): Promise<void> {
  await db
    .insertInto('organization_contact_email_changes')
    .values({
      organization_id: change.organizationId,
      from_email: change.from,
      to_email: change.to,
      changed_by_user_id: change.userId,
    })
    .execute();
}
