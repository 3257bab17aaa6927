import { type Kysely, sql } from 'kysely';
import { CAPTURE_PENDING_EVENTS } from './0009_webhooks.ts';

/*
 * Webhook deliveries move onto pg-boss jobs (decision 0019): the messages table is no longer polled as a
 * queue, so its due index goes, and the capture trigger now also NOTIFYs `webhook_pending` so a process
 * asks for a fan-out job as soon as the incident's transaction commits (the per-minute schedule is the
 * backstop when nobody listens).
 */

const NOTIFY_WHEN_CAPTURED = `    if found then
      perform pg_notify('webhook_pending', '');
    end if;
`;

/** The capture function of 0009, with or without the NOTIFY when it captured anything. */
const captureFunction = (
  notify: boolean,
) => `create or replace function webhook_pending_incident_events() returns trigger
  language plpgsql as $fn$
  begin
    ${CAPTURE_PENDING_EVENTS}
${notify ? NOTIFY_WHEN_CAPTURED : ''}    return null;
  end
  $fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(captureFunction(true)).execute(db);
  await sql`drop index if exists webhook_messages_due_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(captureFunction(false)).execute(db);
  await sql`create index if not exists webhook_messages_due_idx on webhook_messages (webhook_id, next_attempt_at) where status = 'pending'`.execute(
    db,
  );
}
