import { z } from 'zod';

/**
 * The company's audit log (issue 27 items 1–3): `GET /api/reseller/v1/companies/{companyId}/audit`
 * (session token). The owner reads the company's log, a member only their own entries; newest first.
 */

/** Who did it: a member, the company itself (the portal on its behalf), a customer's contact, an API key. */
export const AUDIT_ACTOR_TYPES = ['user', 'company', 'contact', 'api-key'] as const;

/** Every action the portal records; the web app has a sentence for each (activity.sentences.*). */
export const AUDIT_ACTIONS = [
  'user.sign-in',
  'user.sign-in.failure',
  'user.sign-out',
  'user.password.change',
  'user.password.reset',
  'user.mfa.update',
  'user.passkey.add',
  'user.passkey.delete',
  'user.rename',
  'member.create',
  'member.delete',
  'member.mfa.reset',
  'company.create',
  'company.update',
  'company.security.update',
  'company.owner.transfer',
  'organization.metadata.update',
  'remote-access.request',
  'remote-access.approve',
  'remote-access.deny',
  'remote-access.abort',
  'remote-access.expire',
  'partner.view',
  'incident.acknowledge',
  'device.mute',
  'device.unmute',
  'webhook.create',
  'webhook.update',
  'webhook.rotate-secret',
  'webhook.delete',
  'webhook.disable',
  'notifications.settings.update',
  'notifications.rule.create',
  'notifications.rule.update',
  'notifications.rule.delete',
  'notifications.subscription.update',
  'notifications.subscription.unsubscribe',
  'ingest-key.create',
  'ingest-key.revoke',
  'api-key.create',
  'api-key.revoke',
  'api-key.new-address',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_LIMIT = { default: 50, max: 200 } as const;

/** An action (`remote-access.request`) or a prefix of one (`remote-access`, `member`). */
const ACTION = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;
/** A target type (`organization`), or a type and id (`organization:6f1c…`). */
const TARGET = /^[a-z][a-z_-]*(:[A-Za-z0-9._-]{1,64})?$/;

export const auditQuerySchema = z
  .object({
    /** The actor's id: a member's user id, an API key's id. */
    actor: z.string().min(1).max(64).optional(),
    action: z
      .string()
      .max(80)
      .regex(ACTION, 'action: an action such as remote-access.request, or its start, such as remote-access')
      .optional(),
    target: z
      .string()
      .max(100)
      .regex(TARGET, 'target: a target type such as organization, or type:id such as organization:<id>')
      .optional(),
    organizationId: z.uuid({ error: 'organizationId: a customer’s id' }).optional(),
    since: z.iso
      .datetime({ offset: true, error: 'since: a date and time such as 2026-11-01T00:00:00Z' })
      .optional(),
    until: z.iso
      .datetime({ offset: true, error: 'until: a date and time such as 2026-11-30T23:59:59Z' })
      .optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_LIMIT.max).default(AUDIT_PAGE_LIMIT.default),
    /** `csv`: the whole filtered range (from `cursor` on) as a CSV file instead of one page. */
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine((query) => !query.since || !query.until || Date.parse(query.since) <= Date.parse(query.until), {
    message: 'until: must not be before since',
    path: ['until'],
  });
export type AuditQuery = z.input<typeof auditQuerySchema>;

const auditValues = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** e.g. `member.create`, `remote-access.request`, `user.sign-in.failure`. */
  action: z.string(),
  actor: z.object({
    type: z.enum(AUDIT_ACTOR_TYPES),
    id: z.string().nullable(),
    email: z.string().nullable(),
    name: z.string().nullable(),
  }),
  target: z.object({ type: z.string(), id: z.string().nullable(), name: z.string().nullable() }),
  /** The customer the entry concerns, if any. */
  organizationId: z.string().nullable(),
  /** That customer's name now (null when none, or it is gone). */
  organizationName: z.string().nullable(),
  /** The client's address (as the proxies in TRUST_PROXY report it); null for background work. */
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** For edits, the changed fields' values before and after; for a creation `after`, a deletion `before`. */
  before: auditValues,
  after: auditValues,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  next_cursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
