import { z } from 'zod';
import { ALERT_CATEGORIES, ALERT_TYPES, DEVICE_TYPES } from './devices.ts';

/**
 * Incidents of a dealer's customers (issue 14): opened and resolved by the incident engine from device
 * reports and license expiry. `GET /api/user-portal/companies/incidents` and its actions (company token).
 */

export const INCIDENT_STATES = ['open', 'resolved', 'all'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];

const ALL_ALERT_TYPES = [...new Set(Object.values(ALERT_TYPES).flat())] as [string, ...string[]];

/** How long a device can be muted for, in minutes (15 minutes to 7 days). */
export const MUTE_MINUTES = { min: 15, max: 7 * 24 * 60 } as const;
/** The durations the screens offer. */
export const MUTE_CHOICES_MINUTES = [60, 4 * 60, 24 * 60, 7 * 24 * 60] as const;

export const incidentListQuerySchema = z.object({
  state: z.enum(INCIDENT_STATES).default('open'),
  category: z.enum(ALERT_CATEGORIES).optional(),
  type: z.enum(ALL_ALERT_TYPES).optional(),
  organizationId: z.uuid().optional(),
  deviceId: z.string().min(1).max(64).optional(),
  /** Only incidents started at or after this time (the screen's age filter). */
  since: z.iso.datetime({ offset: true }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type IncidentListQuery = z.input<typeof incidentListQuerySchema>;

export const incidentSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  siteId: z.string().nullable(),
  siteName: z.string().nullable(),
  deviceId: z.string().nullable(),
  deviceName: z.string().nullable(),
  deviceType: z.enum(DEVICE_TYPES).nullable(),
  category: z.enum(ALERT_CATEGORIES),
  type: z.string(),
  startedAt: z.string(),
  resolvedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  /** Name (or e-mail when the name is empty) of the member who acknowledged it. */
  acknowledgedBy: z.string().nullable(),
  /** A server's outage: how many devices behind it are down. License incidents: how many licenses. */
  affectedDevices: z.int().min(0),
  /** While the device is muted, until when. */
  mutedUntil: z.string().nullable(),
});
export type Incident = z.infer<typeof incidentSchema>;

export const incidentPageSchema = z.object({
  items: z.array(incidentSchema),
  next_cursor: z.string().nullable(),
  /** How many incidents match the filters in all; counted for the first page (no cursor), null on later ones. */
  total: z.int().min(0).nullable(),
});
export type IncidentPage = z.infer<typeof incidentPageSchema>;

export const INCIDENT_EVENT_KINDS = [
  'opened',
  'resolved',
  'reopened',
  'acknowledged',
  'muted',
  'unmuted',
] as const;
export type IncidentEventKind = (typeof INCIDENT_EVENT_KINDS)[number];

/** One incident with its timeline, oldest event first. */
export const incidentDetailSchema = incidentSchema.extend({
  events: z.array(
    z.object({
      at: z.string(),
      kind: z.enum(INCIDENT_EVENT_KINDS),
      /** The member behind an acknowledge or mute; null for what the engine did. */
      by: z.string().nullable(),
    }),
  ),
});
export type IncidentDetail = z.infer<typeof incidentDetailSchema>;

export const incidentParamsSchema = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'Invalid incident id'),
});

export const deviceParamsSchema = z.object({ deviceId: z.string().min(1).max(64) });

export const muteDeviceBodySchema = z.strictObject({
  minutes: z.int().min(MUTE_MINUTES.min).max(MUTE_MINUTES.max),
});
export const deviceMuteSchema = z.object({ deviceId: z.string(), mutedUntil: z.string().nullable() });
export type DeviceMute = z.infer<typeof deviceMuteSchema>;

/**
 * `GET /api/user-portal/companies/events` (server-sent events, company token): `event: change` whenever
 * devices or incidents of the company's customers changed, at most about once a second; the screens
 * refetch what they show.
 */
export const changeEventSchema = z.object({
  at: z.string(),
  /** What changed: device state (and so statistics) and/or incidents. */
  kinds: z.array(z.enum(['devices', 'incidents'])),
  organizationIds: z.array(z.string()),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/**
 * `GET /companies/events?replayMs=N`: the screens' data may have missed the changes of the last N ms (they
 * were read before the stream opened, or while it was down). A server that answers with the
 * CHANGE_REPLAY_HEADER sends what changed in that time (a little more, for the reads' own time) as the
 * stream's first `change` event, none when nothing did, and every kind of every customer when it does not
 * remember that far back; then `event: replayed` (REPLAYED_EVENT): the screens are up to date as of the
 * stream's opening.
 */
export const changeStreamQuerySchema = z.object({
  replayMs: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export const CHANGE_REPLAY_HEADER = 'x-change-replay';
export const REPLAYED_EVENT = 'replayed';

/**
 * The event a change stream receives before the server ends it to shut down (decision 0028): open it again
 * after the event's `retry` milliseconds, through the load balancer, to another process.
 */
export const RECONNECT_EVENT = 'reconnect';
