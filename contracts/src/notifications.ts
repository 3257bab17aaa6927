import { z } from 'zod';
import { ALERT_CATEGORIES, ALERT_TYPES, type AlertCategory } from './devices.ts';
import { SERVICE_PREFIXES } from './runtime-config.ts';
import { MESSAGES, plainNameSchema } from './validation.ts';

/**
 * Notifications (issue 15): e-mail about the incidents of a dealer's customers, and partner webhooks into the
 * reseller's own tools. Service `/api/notifications` (session token). SPEC §5 fixes the name, URL, template
 * and IP-host rules and their messages.
 */

export const NOTIFICATIONS_PREFIX = SERVICE_PREFIXES.notifications;

/** SPEC §5 messages of this feature (English; the web app translates them). */
export const NOTIFICATION_MESSAGES = {
  invalidJson: 'Invalid JSON format.',
  ipHostNotAllowed: 'IP address is not allowed when sent by server. Please use domain name instead.',
  invalidUrl: 'The URL must start with http:// or https://',
  specialCharacters: MESSAGES.specialCharacters,
} as const;

/**
 * What a webhook or a rule listens to: a category ('CAMERA') or one type of it ('CAMERA.OFFLINE').
 * An empty list means every incident.
 */
export const INCIDENT_FILTERS = [
  ...ALERT_CATEGORIES,
  ...ALERT_CATEGORIES.flatMap((category) => ALERT_TYPES[category].map((type) => `${category}.${type}`)),
] as [AlertCategory, ...string[]];
export const incidentFilterSchema = z.array(z.enum(INCIDENT_FILTERS)).max(INCIDENT_FILTERS.length);

/** Whether an incident of `category` / `type` passes a filter list (empty: everything). */
export function matchesIncidentFilter(filters: readonly string[], category: string, type: string): boolean {
  return filters.length === 0 || filters.includes(category) || filters.includes(`${category}.${type}`);
}

/** Webhook and rule names (SPEC §5: no special characters). */
export const NOTIFICATION_NAME_MAX_LENGTH = 64;
export const notificationNameSchema = plainNameSchema(NOTIFICATION_NAME_MAX_LENGTH);

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** A host written as an address (IPv4, [IPv6], or an integer / hex form browsers and resolvers accept). */
export function isIpAddressHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return IPV4.test(host) || host.includes(':') || /^(0x[0-9a-f]+|\d+)$/i.test(host);
}

/** SPEC §5: a webhook URL starts with http:// or https:// and names its host by domain name. */
export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.fieldEmpty)
  .max(2048, MESSAGES.tooLong)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: NOTIFICATION_MESSAGES.invalidUrl });
      return;
    }
    if (!/^https?:$/.test(url.protocol) || !/^https?:\/\//i.test(value)) {
      ctx.addIssue({ code: 'custom', message: NOTIFICATION_MESSAGES.invalidUrl });
    } else if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: NOTIFICATION_MESSAGES.invalidUrl });
    } else if (isIpAddressHost(url.hostname)) {
      ctx.addIssue({ code: 'custom', message: NOTIFICATION_MESSAGES.ipHostNotAllowed });
    }
  })
  // `HTTP://host/x` is the same URL as `http://host/x` (schemes are case-insensitive): stored as the latter.
  .transform((value) => value.replace(/^https?:/i, (scheme) => scheme.toLowerCase()));

/** `{{ path.to.value }}` placeholders of a webhook body template. */
export const TEMPLATE_PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_.]*)\s*\}\}/g;

/**
 * SPEC §5: a body template must parse to a JSON object once its placeholders are taken as values
 * (a placeholder may stand inside a string or in place of a value).
 */
export function isJsonObjectTemplate(template: string): boolean {
  const withValues = template.replace(TEMPLATE_PLACEHOLDER, (_match, _path, offset: number) => {
    const before = template.slice(0, offset);
    const insideString = (before.match(/(?<!\\)"/g)?.length ?? 0) % 2 === 1;
    return insideString ? 'x' : '0';
  });
  try {
    const parsed: unknown = JSON.parse(withValues);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

export const WEBHOOK_TEMPLATE_MAX_LENGTH = 16_384;
export const webhookTemplateSchema = z
  .string()
  .max(WEBHOOK_TEMPLATE_MAX_LENGTH, MESSAGES.tooLong)
  .refine((value) => value.trim() === '' || isJsonObjectTemplate(value), NOTIFICATION_MESSAGES.invalidJson);

/** Event names a webhook delivery carries in its payload's `type`. */
export const WEBHOOK_EVENT_TYPES = ['incident.opened', 'incident.resolved', 'webhook.test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

const webhookFields = {
  name: notificationNameSchema,
  url: webhookUrlSchema,
  /** Categories or types; empty or absent: every incident. */
  events: incidentFilterSchema,
  /** A JSON object body with placeholders; empty or absent: the documented default payload. */
  template: webhookTemplateSchema,
  enabled: z.boolean(),
};

export const createWebhookSchema = z.object({
  ...webhookFields,
  events: webhookFields.events.default([]),
  template: webhookFields.template.optional(),
  enabled: webhookFields.enabled.default(true),
});
export type CreateWebhook = z.input<typeof createWebhookSchema>;

/** Only what is sent changes (no defaults here: a rename must not reset the filter or re-enable). */
export const updateWebhookSchema = z
  .object(webhookFields)
  .partial()
  .extend({
    /** Issues a new secret; the old one keeps signing (as a second signature) for the grace period. */
    rotateSecret: z.literal(true).optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type UpdateWebhook = z.input<typeof updateWebhookSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  template: z.string().nullable(),
  enabled: z.boolean(),
  /** Set when the portal turned the webhook off after 20 consecutive failures. */
  disabledReason: z.string().nullable(),
  consecutiveFailures: z.int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Until when the previous secret still signs deliveries (after a rotation). */
  previousSecretExpiresAt: z.string().nullable(),
  lastDelivery: z.object({ at: z.string(), responseStatus: z.int().nullable(), ok: z.boolean() }).nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** Creation and rotation answer with the secret, once; nothing shows it again. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string().regex(/^whsec_/) });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookListSchema = z.object({ items: z.array(webhookSchema) });

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every attempt of one message. */
  messageId: z.string(),
  event: z.enum(WEBHOOK_EVENT_TYPES),
  attempt: z.int().min(1),
  responseStatus: z.int().nullable(),
  durationMs: z.int().min(0),
  at: z.string(),
  error: z.string().optional(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({
  items: z.array(webhookDeliverySchema),
  next_cursor: z.string().nullable(),
});

/** What `POST …/webhooks/{id}/test` answers: the test attempt as made. */
export const webhookTestResultSchema = webhookDeliverySchema;

// ---- E-mail ----

export const MAIL_DELIVERY_MODES = ['immediate', 'digest', 'off'] as const;
export type MailDeliveryMode = (typeof MAIL_DELIVERY_MODES)[number];

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Invalid time');

export const quietHoursSchema = z.object({ from: clockTime, to: clockTime }).refine((q) => q.from !== q.to, {
  message: 'Invalid time',
  path: ['to'],
});

/**
 * A company rule (owner): which incidents are mailed to whom. With no rule of its own, a company has the
 * default: every incident and its recovery to the owner, immediately, with reminders.
 */
export const notificationRuleInputSchema = z.object({
  name: notificationNameSchema,
  events: incidentFilterSchema.default([]),
  /** null: every customer. */
  organizationIds: z.array(z.uuid()).max(1000).nullable().default(null),
  /** 'owner', 'members' (everyone in the company), or chosen members' user ids. */
  recipients: z.union([z.enum(['owner', 'members']), z.array(z.uuid()).min(1).max(500)]),
  delivery: z.enum(MAIL_DELIVERY_MODES),
  reminders: z.boolean().default(true),
});
export type NotificationRuleInput = z.input<typeof notificationRuleInputSchema>;

/** PATCH of a rule: any of its fields; an absent one stays as it is (no defaults here). */
export const updateNotificationRuleSchema = z
  .object({
    name: notificationNameSchema,
    events: incidentFilterSchema,
    organizationIds: z.array(z.uuid()).max(1000).nullable(),
    recipients: z.union([z.enum(['owner', 'members']), z.array(z.uuid()).min(1).max(500)]),
    delivery: z.enum(MAIL_DELIVERY_MODES),
    reminders: z.boolean(),
  })
  .partial()
  .strict();

export const notificationRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  events: z.array(z.string()),
  organizationIds: z.array(z.string()).nullable(),
  recipients: z.union([z.enum(['owner', 'members']), z.array(z.string())]),
  delivery: z.enum(MAIL_DELIVERY_MODES),
  reminders: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NotificationRule = z.infer<typeof notificationRuleSchema>;

export const notificationSettingsSchema = z.object({
  /** IANA time zone of the company: digests and quiet hours are read in it. */
  timeZone: z.string(),
  rules: z.array(notificationRuleSchema),
  /** True when the company has no rule of its own and the default applies. */
  usingDefaultRule: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** An IANA time zone the runtime knows ('Asia/Taipei'). */
const timeZoneSchema = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Invalid time zone');

export const companyNotificationSettingsInputSchema = z.object({
  timeZone: timeZoneSchema,
});

/** A member's own subscription: narrows and times what the company rules send them. */
export const subscriptionInputSchema = z.object({
  /** 'off' also ends what company rules would send (the unsubscribe link sets it). */
  delivery: z.enum(MAIL_DELIVERY_MODES),
  events: incidentFilterSchema.default([]),
  organizationIds: z.array(z.uuid()).max(1000).nullable().default(null),
  reminders: z.boolean().default(true),
  quietHours: quietHoursSchema.nullable().default(null),
  /** Hour of the daily digest in the member's time zone. */
  digestHour: z.int().min(0).max(23).default(8),
  /** The member's own time zone for quiet hours and the digest; null: the company's. */
  timeZone: timeZoneSchema.nullable().default(null),
});
export type SubscriptionInput = z.input<typeof subscriptionInputSchema>;

export const subscriptionSchema = z.object({
  delivery: z.enum(MAIL_DELIVERY_MODES),
  events: z.array(z.string()),
  organizationIds: z.array(z.string()).nullable(),
  reminders: z.boolean(),
  quietHours: z.object({ from: z.string(), to: z.string() }).nullable(),
  digestHour: z.int(),
  /** The member's own time zone; null: the company's. */
  timeZone: z.string().nullable(),
  /** False while the member has never saved one (the defaults apply). */
  saved: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
