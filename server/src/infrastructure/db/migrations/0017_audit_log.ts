import { type Kysely, sql } from 'kysely';

/*
 * The audit log partners can read (issue 27 items 1 and 2, decision 0030): who (a user, the company itself,
 * a customer's contact or an API key) did what to which target, about which customer, from where, with the
 * values before and after an edit.
 *
 * Rows outlive what they name: the actor's and target's names are copied into the row and the foreign keys
 * go (a member's deletion would otherwise set actor_user_id to null, an UPDATE the log refuses).
 *
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE unless the transaction has set
 * `portal.audit_retention` to 'on', which only the retention job (AUDIT_RETENTION_DAYS) and the demo reset do.
 */

const statements = [
  'alter table audit_log drop constraint if exists audit_log_actor_user_id_fkey',
  'alter table audit_log drop constraint if exists audit_log_company_id_fkey',
  `alter table audit_log
    add column actor_type text not null default 'user'
      check (actor_type in ('user', 'company', 'contact', 'api-key')),
    add column actor_id text,
    add column actor_email text,
    add column actor_name text,
    add column target_name text,
    add column organization_id uuid,
    add column address text,
    add column user_agent text,
    add column before jsonb,
    add column after jsonb`,
  `update audit_log a set
     actor_type = case when a.actor_user_id is null then 'company' else 'user' end,
     actor_id = coalesce(a.actor_user_id::text, a.company_id::text),
     actor_email = (select u.email from users u where u.id = a.actor_user_id),
     actor_name = (select u.name from users u where u.id = a.actor_user_id),
     organization_id = case
       when a.target_type = 'organization' and a.target_id ~* '^[0-9a-f-]{36}$' then a.target_id::uuid
       when a.details->>'organizationId' ~* '^[0-9a-f-]{36}$' then (a.details->>'organizationId')::uuid
     end`,
  'drop index if exists audit_log_company_idx',
  // Newest first per company, and per member (a member reads only their own entries).
  'create index audit_log_company_at_idx on audit_log (company_id, at desc, id desc)',
  'create index audit_log_company_actor_at_idx on audit_log (company_id, actor_id, at desc, id desc)',
  `create function audit_log_refuse_change() returns trigger language plpgsql as $fn$
  begin
    if tg_op <> 'UPDATE' and current_setting('portal.audit_retention', true) = 'on' then
      if tg_op = 'DELETE' then return old; end if;
      return null;
    end if;
    raise exception 'audit_log is append-only: % refused', tg_op using errcode = '42501';
  end
  $fn$`,
  `create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_refuse_change()`,
  `create trigger audit_log_append_only_truncate before truncate on audit_log
    for each statement execute function audit_log_refuse_change()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists audit_log_append_only_truncate on audit_log`.execute(db);
  await sql`drop trigger if exists audit_log_append_only on audit_log`.execute(db);
  await sql`drop function if exists audit_log_refuse_change()`.execute(db);
  await sql`drop index if exists audit_log_company_actor_at_idx`.execute(db);
  await sql`drop index if exists audit_log_company_at_idx`.execute(db);
  await sql`create index if not exists audit_log_company_idx on audit_log (company_id, at desc)`.execute(db);
  await sql`alter table audit_log
    drop column actor_type, drop column actor_id, drop column actor_email, drop column actor_name,
    drop column target_name, drop column organization_id, drop column address, drop column user_agent,
    drop column before, drop column after`.execute(db);
}
