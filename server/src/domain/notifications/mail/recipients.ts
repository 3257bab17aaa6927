import { DEFAULT_SUBSCRIPTION } from '@portal/contracts/notification-defaults';
import { type MailDeliveryMode, matchesIncidentFilter } from '@portal/contracts/notifications';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import { localClock } from './local-clock.ts';
import { DEFAULT_RULE, ruleFilterOf } from './settings.ts';

/*
 * Who receives what (decision 0020): a member receives an incident when a company rule that names them
 * matches it AND their own subscription matches it. Delivery is the later of the two: off if the
 * subscription says off (a rule saying off sends nothing), digest if either says digest, else immediate.
 */

type Db = Kysely<DB> | Transaction<DB>;

export interface Member {
  id: string;
  email: string;
  locale: string;
}

interface RuleLike {
  events: string[];
  organizationIds: string[] | null;
  recipients: 'owner' | 'members' | string[];
  delivery: MailDeliveryMode;
  reminders: boolean;
}

export interface SubscriptionLike {
  delivery: MailDeliveryMode;
  events: string[];
  organizationIds: string[] | null;
  reminders: boolean;
  quietHours: { from: string; to: string } | null;
  digestHour: number;
  /** The member's own zone; null: the company's. */
  timeZone: string | null;
}

export interface CompanyContext {
  companyId: string;
  ownerId: string;
  timeZone: string;
  members: Map<string, Member>;
  rules: RuleLike[];
  subscriptions: Map<string, SubscriptionLike>;
}

export interface IncidentKey {
  category: string;
  alertType: string;
  organizationId: string;
}

export interface Recipient {
  member: Member;
  delivery: 'immediate' | 'digest';
  reminders: boolean;
}

export async function loadCompanyContexts(
  db: Db,
  companyIds: readonly string[],
): Promise<Map<string, CompanyContext>> {
  const contexts = new Map<string, CompanyContext>();
  if (companyIds.length === 0) return contexts;
  const ids = [...new Set(companyIds)];
  const companies = await db
    .selectFrom('companies')
    .select(['id', 'owner_user_id', 'time_zone'])
    .where('id', 'in', ids)
    .execute();
  for (const c of companies)
    contexts.set(c.id, {
      companyId: c.id,
      ownerId: c.owner_user_id,
      timeZone: c.time_zone,
      members: new Map(),
      rules: [],
      subscriptions: new Map(),
    });
  const users = await db
    .selectFrom('users as u')
    .leftJoin('mail_subscriptions as s', 's.user_id', 'u.id')
    .select([
      'u.id',
      'u.email',
      'u.locale',
      'u.company_id',
      's.delivery',
      's.events',
      's.organization_ids',
      's.reminders',
      's.quiet_from',
      's.quiet_to',
      's.digest_hour',
      's.time_zone',
    ])
    .where('u.company_id', 'in', ids)
    .execute();
  for (const u of users) {
    const context = contexts.get(u.company_id);
    if (!context) continue;
    context.members.set(u.id, { id: u.id, email: u.email, locale: u.locale });
    if (u.delivery)
      context.subscriptions.set(u.id, {
        delivery: u.delivery as MailDeliveryMode,
        events: u.events ?? [],
        organizationIds: u.organization_ids ?? null,
        reminders: u.reminders ?? true,
        quietHours: u.quiet_from && u.quiet_to ? { from: u.quiet_from, to: u.quiet_to } : null,
        digestHour: u.digest_hour ?? 8,
        timeZone: u.time_zone ?? null,
      });
  }
  const rules = await db
    .selectFrom('notification_rules')
    .selectAll()
    .where('company_id', 'in', ids)
    .execute();
  for (const r of rules) contexts.get(r.company_id)?.rules.push(ruleFilterOf(r));
  return contexts;
}

export const subscriptionOf = (context: CompanyContext, userId: string): SubscriptionLike =>
  context.subscriptions.get(userId) ?? DEFAULT_SUBSCRIPTION;

/** The zone a member's quiet hours, digest hour and mail times are read in: theirs, else the company's. */
export const zoneOf = (context: CompanyContext, userId: string): string =>
  context.subscriptions.get(userId)?.timeZone ?? context.timeZone;

function names(rule: RuleLike, context: CompanyContext, userId: string): boolean {
  if (rule.recipients === 'members') return true;
  if (rule.recipients === 'owner') return userId === context.ownerId;
  return rule.recipients.includes(userId);
}

const matches = (
  filter: { events: string[]; organizationIds: string[] | null },
  incident: IncidentKey,
): boolean =>
  matchesIncidentFilter(filter.events, incident.category, incident.alertType) &&
  (filter.organizationIds === null || filter.organizationIds.includes(incident.organizationId));

/** How `userId` receives this incident, or undefined when they do not. */
export function deliveryFor(
  context: CompanyContext,
  userId: string,
  incident: IncidentKey,
): { delivery: 'immediate' | 'digest'; reminders: boolean } | undefined {
  const subscription = subscriptionOf(context, userId);
  if (subscription.delivery === 'off' || !matches(subscription, incident)) return undefined;
  const rules = context.rules.length > 0 ? context.rules : [DEFAULT_RULE];
  let best: { delivery: 'immediate' | 'digest'; reminders: boolean } | undefined;
  for (const rule of rules) {
    if (rule.delivery === 'off' || !names(rule, context, userId) || !matches(rule, incident)) continue;
    const delivery =
      rule.delivery === 'digest' || subscription.delivery === 'digest' ? 'digest' : 'immediate';
    const reminders = rule.reminders && subscription.reminders;
    if (!best || (best.delivery === 'digest' && delivery === 'immediate')) best = { delivery, reminders };
    else if (best.delivery === delivery) best.reminders ||= reminders;
  }
  return best;
}

export function recipientsOf(context: CompanyContext, incident: IncidentKey): Recipient[] {
  const recipients: Recipient[] = [];
  for (const member of context.members.values()) {
    const how = deliveryFor(context, member.id, incident);
    if (how) recipients.push({ member, ...how });
  }
  return recipients;
}

/** Whether a member receives anything at all as a digest (their subscription or a rule says digest). */
export function wantsDigest(context: CompanyContext, userId: string): boolean {
  const subscription = subscriptionOf(context, userId);
  if (subscription.delivery === 'off') return false;
  const rules = (context.rules.length > 0 ? context.rules : [DEFAULT_RULE]).filter(
    (rule) => rule.delivery !== 'off' && names(rule, context, userId),
  );
  if (rules.length === 0) return false;
  return subscription.delivery === 'digest' || rules.some((rule) => rule.delivery === 'digest');
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** When the quiet hours `now` falls in end, or null when it falls in none. */
export function quietUntil(
  quietHours: { from: string; to: string } | null,
  timeZone: string,
  now: Date,
): Date | null {
  if (!quietHours) return null;
  const { hour, minute } = localClock(now, timeZone);
  const current = hour * 60 + minute;
  const from = minutesOf(quietHours.from);
  const to = minutesOf(quietHours.to);
  const inside = from < to ? current >= from && current < to : current >= from || current < to;
  if (!inside) return null;
  const wait = (to - current + 1440) % 1440;
  const end = new Date(now.getTime() + wait * 60_000);
  end.setUTCSeconds(0, 0);
  return end;
}

/** Open incidents matching `filter`, with their device, customer and site, oldest first. */
const openIncidents = (db: Db, filter: RawBuilder<unknown>) =>
  sql<IncidentRow>`
    select i.id::text as id, i.category, i.alert_type, i.organization_id, i.started_at,
      d.name as device_name, o.name as organization_name, s.name as site_name
    from incidents i
    join organizations o on o.id = i.organization_id
    left join devices d on d.id = i.device_id
    left join sites s on s.id = i.site_id
    where ${filter} and i.resolved_at is null
    order by i.started_at, i.id`.execute(db);

/** Open incidents and organizations of one company that a member receives (for digests). */
export const openIncidentsQuery = (db: Db, companyId: string) =>
  openIncidents(db, sql`i.company_id = ${companyId}`);

/** These incidents, those still open (for reminders). */
export const openIncidentsAmong = (db: Db, ids: readonly string[]) =>
  openIncidents(db, sql`i.id = any(${[...ids]}::bigint[])`);

export interface IncidentRow {
  id: string;
  category: string;
  alert_type: string;
  organization_id: string;
  started_at: Date;
  device_name: string | null;
  organization_name: string;
  site_name: string | null;
}
