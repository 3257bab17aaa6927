import { type Kysely, sql } from 'kysely';

/*
 * A member's own time zone for their quiet hours and digest hour (decision 0020): null reads them in the
 * company's zone, as before; a member working from another office sets theirs.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_subscriptions add column time_zone text
    check (time_zone is null or length(time_zone) between 1 and 64)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_subscriptions drop column if exists time_zone`.execute(db);
}
