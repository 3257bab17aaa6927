import { type Kysely, sql } from 'kysely';

/*
 * Webhook deliveries move onto pg-boss jobs (decision 0019): the messages table is no longer polled as a
 * queue, so its due index goes, and the capture trigger now also NOTIFYs `webhook_pending` so a process
 * asks for a fan-out job as soon as the incident's transaction commits (the per-minute schedule is the
 * backstop when nobody listens).
 */

const CAPTURE_WITH_NOTIFY = `create or replace function webhook_pending_incident_events() returns trigger
  language plpgsql as $fn$
  begin
    insert into webhook_pending_events (event_id)
      select e.id from inserted e join incidents i on i.id = e.incident_id
      where e.kind in ('opened', 'reopened', 'resolved')
        and exists (select 1 from webhooks w where w.company_id = i.company_id and w.enabled);
    if found then
      perform pg_notify('webhook_pending', '');
    end if;
    return null;
  end
  $fn$`;

const CAPTURE_WITHOUT_NOTIFY = `create or replace function webhook_pending_incident_events() returns trigger
  language plpgsql as $fn$
  begin
    insert into webhook_pending_events (event_id)
      select e.id from inserted e join incidents i on i.id = e.incident_id
      where e.kind in ('opened', 'reopened', 'resolved')
        and exists (select 1 from webhooks w where w.company_id = i.company_id and w.enabled);
    return null;
  end
  $fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(CAPTURE_WITH_NOTIFY).execute(db);
  await sql`drop index if exists webhook_messages_due_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(CAPTURE_WITHOUT_NOTIFY).execute(db);
  await sql`create index if not exists webhook_messages_due_idx on webhook_messages (webhook_id, next_attempt_at) where status = 'pending'`.execute(
    db,
  );
}
