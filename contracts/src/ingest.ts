import { z } from 'zod';
import { DEVICE_CATEGORIES, DEVICE_TYPES, STATUS_FLAGS, type StatusFlag } from './devices.ts';

/**
 * The ingest API (issue 14): the two platforms report device state in batches, authenticated by a key of
 * their platform. `POST /api/ingest/v1/reports`.
 */

/** A key reports for the devices of one platform: VORTEX (first platform), VSS (second platform). */
export const INGEST_PLATFORMS = ['VORTEX', 'VSS'] as const;
export type IngestPlatform = (typeof INGEST_PLATFORMS)[number];

export const INGEST_MAX_REPORTS = 1000;

/** Firmware upgrade states a first-platform device reports (SPEC §4). */
export const REPORTED_FIRMWARE_STATES = [3, 4, 5, 10, 11, 12] as const;

/** The status flags of SPEC §3 a report may set or clear (offline comes from `connected`). */
export type ReportedStatusFlag = Exclude<StatusFlag, 'offline'>;
export const REPORTED_STATUS_FLAGS: readonly ReportedStatusFlag[] = STATUS_FLAGS.filter(
  (flag): flag is ReportedStatusFlag => flag !== 'offline',
);

const reportedStatusSchema = z.strictObject(
  Object.fromEntries(REPORTED_STATUS_FLAGS.map((flag) => [flag, z.boolean().optional()])) as Record<
    ReportedStatusFlag,
    z.ZodOptional<z.ZodBoolean>
  >,
);

/** One report: what changed on one device at `at`. Fields left out are unchanged. */
export const deviceReportSchema = z.strictObject({
  /** Unique per key: a repeated id is a duplicate, applied once. */
  id: z.string().min(1).max(128),
  deviceId: z.string().min(1).max(64),
  at: z.iso.datetime({ offset: true }),
  connected: z.boolean().optional(),
  recording: z.boolean().optional(),
  firmwareUpgradeState: z
    .number()
    .int()
    .refine((value) => (REPORTED_FIRMWARE_STATES as readonly number[]).includes(value), {
      message: `must be one of ${REPORTED_FIRMWARE_STATES.join(', ')}`,
    })
    .optional(),
  status: reportedStatusSchema.optional(),
});
export type DeviceReport = z.infer<typeof deviceReportSchema>;

export const ingestBatchSchema = z.strictObject({
  reports: z.array(deviceReportSchema).min(1).max(INGEST_MAX_REPORTS),
});

export const ingestResultSchema = z.object({
  accepted: z.int().min(0),
  duplicates: z.int().min(0),
  /** Reports not applied (unknown device, a device of the other platform), by their index in the batch. */
  rejected: z.array(z.object({ index: z.int().min(0), reason: z.string() })),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;
export const INGEST_PREFIX = '/api/ingest';

/**
 * `GET /api/ingest/v1/devices` (ingest key): the devices of the key's platform, so that a platform connector
 * (or the simulator) learns which ids to report for and how they hang together. A platform knows its own
 * devices; the key shows nothing beyond the ids it already reports for.
 */
export const INGEST_DEVICE_PAGE_MAX = 5000;
export const ingestDeviceQuerySchema = z.strictObject({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9]{1,64}$/, 'Invalid cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(INGEST_DEVICE_PAGE_MAX).default(1000),
});
export type IngestDeviceQuery = z.infer<typeof ingestDeviceQuerySchema>;

export const ingestDeviceSchema = z.object({
  id: z.string(),
  type: z.enum(DEVICE_TYPES),
  category: z.enum(DEVICE_CATEGORIES).nullable(),
  /** The server the device hangs behind (an NVR's channel, a VSS service's camera), if any. */
  serverId: z.string().nullable(),
  /** Its state now, as far as reports (or the seed) tell. */
  connected: z.boolean(),
  recording: z.boolean(),
});
export type IngestDevice = z.infer<typeof ingestDeviceSchema>;

export const ingestDevicePageSchema = z.object({
  items: z.array(ingestDeviceSchema),
  /** The last id of this page; absent at the end. */
  next_cursor: z.string().nullable(),
});
export type IngestDevicePage = z.infer<typeof ingestDevicePageSchema>;
