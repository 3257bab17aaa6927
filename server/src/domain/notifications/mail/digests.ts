import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import { type IncidentMail, toLine } from './incident-mail.ts';
import { localClock } from './local-clock.ts';
import {
  type CompanyContext,
  deliveryFor,
  type IncidentRow,
  loadCompanyContexts,
  type Member,
  openIncidentsQuery,
  subscriptionOf,
  wantsDigest,
  zoneOf,
} from './recipients.ts';

/** One member's digest of one local day, with what it may list. */
export interface DueDigest {
  context: CompanyContext;
  member: Member;
  day: string;
  open: IncidentRow[];
  licenses: ExpiringLicense[];
}

interface ExpiringLicense {
  organization_id: string;
  customer: string;
  type: string;
  expires: string;
  count: string;
}

/** Companies where someone may want a digest: a subscription or a rule says digest. */
async function digestCompanies(db: Kysely<DB>): Promise<string[]> {
  const rows = await sql<{ company_id: string }>`
    select u.company_id from mail_subscriptions s join users u on u.id = s.user_id where s.delivery = 'digest'
    union
    select company_id from notification_rules where delivery = 'digest'`.execute(db);
  return rows.rows.map((row) => row.company_id);
}

/**
 * The daily digests due (decision 0020): every member whose delivery is digest, from their digest hour in
 * their own time zone (else the company's) on; `claimDigest` makes it once per local day. Yields them company
 * by company, so what a company's digests read is read when they are sent.
 */
export async function* dueDigests(db: Kysely<DB>, now: Date): AsyncGenerator<DueDigest> {
  const contexts = await loadCompanyContexts(db, await digestCompanies(db));
  for (const context of contexts.values()) {
    // Each member's own day and hour: members in other zones get theirs at their own digest hour.
    const due = [...context.members.values()]
      .map((member) => ({ member, clock: localClock(now, zoneOf(context, member.id)) }))
      .filter(
        ({ member, clock }) =>
          wantsDigest(context, member.id) && clock.hour >= subscriptionOf(context, member.id).digestHour,
      );
    if (due.length === 0) continue;
    const open = (await openIncidentsQuery(db, context.companyId)).rows;
    const licensesOn = new Map<string, ExpiringLicense[]>();
    for (const { member, clock } of due) {
      let licenses = licensesOn.get(clock.date);
      if (!licenses) {
        licenses = await licensesExpiringWithin30Days(db, context.companyId, clock.date);
        licensesOn.set(clock.date, licenses);
      }
      yield { context, member, day: clock.date, open, licenses };
    }
  }
}

/** The company's licenses expiring from `day` to 30 days after it, by customer, type and date. */
async function licensesExpiringWithin30Days(
  db: Kysely<DB>,
  companyId: string,
  day: string,
): Promise<ExpiringLicense[]> {
  const { rows } = await sql<ExpiringLicense>`
    select o.id as organization_id, o.name as customer, l.type, to_char(l.expiration_date, 'YYYY-MM-DD') as expires,
      count(*)::text as count
    from licenses l join organizations o on o.id = l.organization_id
    where o.company_id = ${companyId}
      and l.expiration_date >= ${day}::date and l.expiration_date <= ${day}::date + 30
    group by o.id, o.name, l.type, l.expiration_date
    order by l.expiration_date, o.name, l.type`.execute(db);
  return rows;
}

/**
 * In the job's transaction: records the member's digest of the day (`mail_digests_sent`) and answers its
 * mail, or null when it was already sent.
 */
export async function claimDigest(trx: Kysely<DB>, digest: DueDigest): Promise<IncidentMail | null> {
  const { context, member } = digest;
  const claimed = await trx
    .insertInto('mail_digests_sent')
    .values({ user_id: member.id, day: digest.day })
    .onConflict((oc) => oc.doNothing())
    .returning('day')
    .executeTakeFirst();
  if (!claimed) return null;
  const subscription = subscriptionOf(context, member.id);
  const incidents = digest.open
    .filter((row) =>
      deliveryFor(context, member.id, {
        category: row.category,
        alertType: row.alert_type,
        organizationId: row.organization_id,
      }),
    )
    .map((row) => toLine(row));
  const mine = digest.licenses.filter(
    (l) => subscription.organizationIds === null || subscription.organizationIds.includes(l.organization_id),
  );
  return {
    to: member,
    template: 'incident-digest',
    payload: {
      timeZone: zoneOf(context, member.id),
      incidents,
      licenses: mine.map((l) => ({
        customer: l.customer,
        type: l.type,
        expires: l.expires,
        count: Number(l.count),
      })),
    },
  };
}
