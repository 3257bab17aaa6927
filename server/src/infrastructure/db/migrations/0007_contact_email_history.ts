import { type Kysely, sql } from 'kysely';

/**
 * Decision 0009: every change of a customer's contact e-mail is kept, so a remote-access approval link goes to
 * the address as it stood before the settle period; each request records the address its link went to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table organization_contact_email_changes (
    id bigint generated always as identity primary key,
    organization_id uuid not null references organizations (id) on delete cascade,
    from_email text not null,
    to_email text not null,
    changed_by_user_id uuid references users (id) on delete set null,
    changed_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index organization_contact_email_changes_org_idx
    on organization_contact_email_changes (organization_id, changed_at)`.execute(db);
  await sql`alter table remote_access_requests add column approver_email text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table remote_access_requests drop column if exists approver_email`.execute(db);
  await sql`drop table if exists organization_contact_email_changes`.execute(db);
}
