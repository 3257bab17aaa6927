import { DEFAULT_SUBSCRIPTION } from '@portal/contracts/notification-defaults';
import type {
  MailDeliveryMode,
  NotificationRule,
  NotificationSettings,
  notificationRuleInputSchema,
  Subscription,
  subscriptionInputSchema,
} from '@portal/contracts/notifications';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { NotificationRules } from '../../../infrastructure/db/generated-tables.ts';
import type { DB } from '../../../infrastructure/db/types.ts';
import { writeAudit } from '../../audit/audit-log.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Caller } from '../../members/caller.ts';

/*
 * The company's mail rules (the owner's) and each member's own subscription (decision 0020). A company
 * without a rule has the default one; a member without a saved subscription has the defaults.
 */

type RuleInput = z.output<typeof notificationRuleInputSchema>;
type SubscriptionInputValue = z.output<typeof subscriptionInputSchema>;
type Db = Kysely<DB> | Transaction<DB>;

export const RULE_NOT_FOUND = 'Notification rule not found';
export const RECIPIENT_NOT_MEMBER = 'A recipient is not a member of your company.';
export const CUSTOMER_NOT_YOURS = 'A customer is not one of your customers.';

/** What the company's rules say when it has none (issue 15 item 1). */
export const DEFAULT_RULE = {
  events: [] as string[],
  organizationIds: null as string[] | null,
  recipients: 'owner' as const,
  delivery: 'immediate' as MailDeliveryMode,
  reminders: true,
};

/** What a rule row says about who receives which incidents, how (the part recipients are computed from). */
export function ruleFilterOf(row: Selectable<NotificationRules>) {
  return {
    events: row.events,
    organizationIds: row.organization_ids,
    recipients:
      row.recipient_kind === 'users' ? row.recipient_user_ids : (row.recipient_kind as 'owner' | 'members'),
    delivery: row.delivery as MailDeliveryMode,
    reminders: row.reminders,
  };
}

export function toRule(row: Selectable<NotificationRules>): NotificationRule {
  return {
    id: row.id,
    name: row.name,
    ...ruleFilterOf(row),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function readSettings(db: Db, companyId: string): Promise<NotificationSettings> {
  const company = await db
    .selectFrom('companies')
    .select('time_zone')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const rules = await db
    .selectFrom('notification_rules')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return { timeZone: company.time_zone, rules: rules.map(toRule), usingDefaultRule: rules.length === 0 };
}

export async function updateTimeZone(db: Kysely<DB>, caller: Caller, timeZone: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('companies')
      .select('time_zone')
      .where('id', '=', caller.companyId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('companies')
      .set({ time_zone: timeZone })
      .where('id', '=', caller.companyId)
      .execute();
    await writeAudit(trx, {
      actorUserId: caller.userId,
      companyId: caller.companyId,
      action: 'notifications.settings.update',
      targetType: 'company',
      targetId: caller.companyId,
      before: { timeZone: before.time_zone },
      after: { timeZone },
      details: { timeZone: { from: before.time_zone, to: timeZone } },
    });
  });
}

/** Chosen recipients must be members, chosen customers the company's own: 400 otherwise. */
async function checkReferences(
  trx: Db,
  companyId: string,
  input: { recipients?: RuleInput['recipients']; organizationIds?: string[] | null },
): Promise<void> {
  if (Array.isArray(input.recipients)) {
    const ids = [...new Set(input.recipients)];
    const found = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    if (Number(found.n) !== ids.length) throw badRequest(RECIPIENT_NOT_MEMBER);
  }
  if (input.organizationIds && input.organizationIds.length > 0) {
    const ids = [...new Set(input.organizationIds)];
    const found = await trx
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    if (Number(found.n) !== ids.length) throw badRequest(CUSTOMER_NOT_YOURS);
  }
}

function ruleColumns(input: Partial<RuleInput>) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
    ...(input.organizationIds !== undefined
      ? { organization_ids: input.organizationIds ? [...new Set(input.organizationIds)] : null }
      : {}),
    ...(input.recipients !== undefined
      ? Array.isArray(input.recipients)
        ? { recipient_kind: 'users' as const, recipient_user_ids: [...new Set(input.recipients)] }
        : { recipient_kind: input.recipients, recipient_user_ids: [] as string[] }
      : {}),
    ...(input.delivery !== undefined ? { delivery: input.delivery } : {}),
    ...(input.reminders !== undefined ? { reminders: input.reminders } : {}),
  };
}

export async function createRule(
  db: Kysely<DB>,
  caller: Caller,
  input: RuleInput,
): Promise<NotificationRule> {
  return db.transaction().execute(async (trx) => {
    await checkReferences(trx, caller.companyId, input);
    const row = await trx
      .insertInto('notification_rules')
      .values({
        company_id: caller.companyId,
        name: input.name,
        recipient_kind: 'owner' as const,
        delivery: input.delivery,
        ...ruleColumns(input),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const rule = toRule(row);
    await writeAudit(trx, {
      actorUserId: caller.userId,
      companyId: caller.companyId,
      action: 'notifications.rule.create',
      targetType: 'notification_rule',
      targetId: rule.id,
      after: { name: rule.name, events: rule.events, recipients: rule.recipients, delivery: rule.delivery },
      details: { name: rule.name, events: rule.events, recipients: rule.recipients, delivery: rule.delivery },
    });
    return rule;
  });
}

async function lockRule(trx: Transaction<DB>, companyId: string, id: string) {
  const row = await trx
    .selectFrom('notification_rules')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(RULE_NOT_FOUND);
  return row;
}

export async function updateRule(
  db: Kysely<DB>,
  caller: Caller,
  id: string,
  input: Partial<RuleInput>,
): Promise<NotificationRule> {
  return db.transaction().execute(async (trx) => {
    const before = toRule(await lockRule(trx, caller.companyId, id));
    await checkReferences(trx, caller.companyId, input);
    const row = await trx
      .updateTable('notification_rules')
      .set({ ...ruleColumns(input), updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const rule = toRule(row);
    const changed = Object.fromEntries(
      (Object.keys(input) as (keyof RuleInput)[]).map((key) => [key, { from: before[key], to: rule[key] }]),
    );
    await writeAudit(trx, {
      actorUserId: caller.userId,
      companyId: caller.companyId,
      action: 'notifications.rule.update',
      targetType: 'notification_rule',
      targetId: id,
      before: Object.fromEntries(Object.entries(changed).map(([key, value]) => [key, value.from])),
      after: Object.fromEntries(Object.entries(changed).map(([key, value]) => [key, value.to])),
      details: changed,
    });
    return rule;
  });
}

export async function deleteRule(db: Kysely<DB>, caller: Caller, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await lockRule(trx, caller.companyId, id);
    await trx.deleteFrom('notification_rules').where('id', '=', id).execute();
    await writeAudit(trx, {
      actorUserId: caller.userId,
      companyId: caller.companyId,
      action: 'notifications.rule.delete',
      targetType: 'notification_rule',
      targetId: id,
      targetName: before.name,
      before: { name: before.name },
      details: { name: before.name },
    });
  });
}

export async function readSubscription(db: Db, userId: string): Promise<Subscription> {
  const row = await db
    .selectFrom('mail_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_SUBSCRIPTION, saved: false };
  return {
    delivery: row.delivery as MailDeliveryMode,
    events: row.events,
    organizationIds: row.organization_ids,
    reminders: row.reminders,
    quietHours: row.quiet_from && row.quiet_to ? { from: row.quiet_from, to: row.quiet_to } : null,
    digestHour: row.digest_hour,
    timeZone: row.time_zone,
    saved: true,
  };
}

/** The caller's own subscription, replaced as a whole. */
export async function saveSubscription(
  db: Kysely<DB>,
  caller: Caller,
  input: SubscriptionInputValue,
): Promise<Subscription> {
  return db.transaction().execute(async (trx) => {
    await checkReferences(trx, caller.companyId, { organizationIds: input.organizationIds });
    await writeSubscription(trx, caller.userId, input);
    await writeAudit(trx, {
      actorUserId: caller.userId,
      companyId: caller.companyId,
      action: 'notifications.subscription.update',
      targetType: 'user',
      targetId: caller.userId,
      details: { ...input },
    });
    return readSubscription(trx, caller.userId);
  });
}

export async function writeSubscription(
  trx: Db,
  userId: string,
  input: SubscriptionInputValue,
): Promise<void> {
  const values = {
    delivery: input.delivery,
    events: [...new Set(input.events)],
    organization_ids: input.organizationIds ? [...new Set(input.organizationIds)] : null,
    reminders: input.reminders,
    quiet_from: input.quietHours?.from ?? null,
    quiet_to: input.quietHours?.to ?? null,
    digest_hour: input.digestHour,
    time_zone: input.timeZone,
    updated_at: new Date(),
  };
  await trx
    .insertInto('mail_subscriptions')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}
