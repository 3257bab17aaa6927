import { z } from 'zod';
import { ALERT_CATEGORIES, ALERT_TYPES, PLATFORMS, STATUS_FLAGS } from './devices.ts';
import { LICENSE_TYPES } from './licenses.ts';

/**
 * Statistics payloads (SPEC §3 Statistics) and the license catalogue and inventory of the dashboard
 * (SPEC §7 default service), shared by the server routes and the web client.
 *
 * Definitions every number follows:
 * - camera: device category CAMERA, FISH_EYE or PTZ (NVR channels included); server: category SERVER;
 *   IP speaker: device type IP_SPEAKER.
 * - abnormal: offline, or any status flag of its kind set (camera: recordFailed, firmwareUpdatedFailed;
 *   server: every server flag).
 * - licenses: expired before today; expiring (expireSoon) today up to 30 days ahead; unlicensed: a
 *   first-platform camera or IP speaker holding no license at all.
 */

const count = z.number().int();

export const cameraStatusCountSchema = z.object({
  offline: count,
  recording: count,
  recordFailed: count,
  firmwareUpdatedFailed: count,
});
export const serverStatusCountSchema = z.object({
  offline: count,
  smartError: count,
  diskFailed: count,
  serverCPUHigh: count,
  serverMemoryHigh: count,
  serverLoginFailed: count,
  networkHigh: count,
  networkSessionHigh: count,
});

export const cameraStatisticsSchema = z.object({
  count,
  abnormalCount: count,
  statusCount: cameraStatusCountSchema,
});
export const serverStatisticsSchema = z.object({
  count,
  abnormalCount: count,
  offlineCount: count,
  statusCount: serverStatusCountSchema,
});
export const speakerStatisticsSchema = z.object({ count, offlineCount: count });

/** Active (not yet expired) licenses by type. */
export const licenseCountSchema = z.object({ std: count, cloudBackup: count, ipSpeaker: count });

/** Second platform, per organization. */
export const organizationStatisticsSchema = z.object({
  camera: cameraStatisticsSchema,
  server: serverStatisticsSchema,
});
export type OrganizationStatistics = z.infer<typeof organizationStatisticsSchema>;

/** First platform, per organization: adds IP speakers and the camera licenses. */
export const firstPlatformOrganizationStatisticsSchema = z.object({
  camera: cameraStatisticsSchema.extend({
    license: z.object({
      /** The earliest expiration date of the organization's camera licenses (STD, storage); 'YYYY-MM-DD'. */
      expirationDate: z.string().nullable(),
      count: licenseCountSchema,
      statusCount: z.object({ expired: count, expiring: count, unlicensed: count }),
    }),
  }),
  server: serverStatisticsSchema,
  ipSpeaker: speakerStatisticsSchema,
});
export type FirstPlatformOrganizationStatistics = z.infer<typeof firstPlatformOrganizationStatisticsSchema>;

export const firstPlatformOrganizationStatisticsListSchema = z.object({
  items: z.array(
    z.object({ organizationId: z.string(), statistics: firstPlatformOrganizationStatisticsSchema }),
  ),
});
/** Every organization with second-platform devices. */
export const organizationIssuesSchema = z.object({
  organizationIssues: z.array(
    z.object({ organizationId: z.string(), statistics: organizationStatisticsSchema }),
  ),
});

/** Customer counts by license state: customers having at least one such license or device. */
export const licenseStatusSchema = z.object({ expired: count, expireSoon: count, unlicensed: count });

export const incidentCountSchema = z.object({
  category: z.enum(ALERT_CATEGORIES),
  alertType: z.string(),
  count,
});

/** License maturity windows are cumulative: within60 includes within30. */
export const MATURITY_WINDOWS = [30, 60, 90] as const;
const maturityCounts = z.object({ expired: count, within30: count, within60: count, within90: count });
export const licenseMaturityItemSchema = maturityCounts.extend({
  type: z.enum(LICENSE_TYPES),
  /** Storage licenses by retention days; null for other types. */
  retention: z.number().int().nullable(),
  /** Customers holding such licenses, per window. */
  organizations: maturityCounts,
});

/** GET /companies/statistics: the dealer's dashboard. */
export const companyStatisticsSchema = z.object({
  organizations: z.object({ count, licenseStatus: licenseStatusSchema }),
  sites: z.object({ count }),
  cameraLicenses: licenseCountSchema,
  platforms: z.object({
    first: z.object({
      total: count,
      camera: cameraStatisticsSchema,
      server: serverStatisticsSchema,
      ipSpeaker: speakerStatisticsSchema,
    }),
    second: z.object({ total: count, camera: cameraStatisticsSchema, server: serverStatisticsSchema }),
  }),
  /** Open incidents; every category and alert type is listed, zeros included. */
  incidents: z.object({ open: count, items: z.array(incidentCountSchema) }),
  licenseMaturity: z.object({
    items: z.array(licenseMaturityItemSchema),
    unlicensed: z.object({ devices: count, organizations: count }),
  }),
});
export type CompanyStatistics = z.infer<typeof companyStatisticsSchema>;

/** GET /license/info. `duration` in days; `type` derived with licenseTypeFromName. */
export const licenseInfoListSchema = z.object({
  model: z.array(
    z.object({ id: z.string(), name: z.string(), duration: count, type: z.enum(LICENSE_TYPES) }),
  ),
});
/** GET /license/quantity: the caller's company stock. */
export const licenseQuantityListSchema = z.object({
  items: z.array(z.object({ id: z.string(), quantity: count })),
});

/**
 * What one number of the dashboard counts, as a selection of customers (the URL parameters of the web's
 * navigation/customer-links.ts), for GET /companies/statistics/customers. One kind per selection:
 * - `incident`: open incidents of one alert type ('CATEGORY.ALERT_TYPE'), of one category or of all ('ALL');
 * - `sites` ('all'): the customers' sites;
 * - `deviceLicense`: devices in that SPEC §4 license state (expired: any license past its date; expiring:
 *   none past, one within 30 days), as the customer's device tab filters them;
 * - `license`: licenses active (not expired), expired or expiring within `within` days (default 30) — of
 *   `licenseType` with exactly `retention` days (none when absent) if given — or, for `unlicensed`,
 *   licensable devices holding no license;
 * - otherwise devices of `platform` and `device` kind (both optional) in `status` (optional).
 */
export const DEVICE_KINDS = ['camera', 'server', 'ipSpeaker'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
/** Every status flag of SPEC §3 (STATUS_FLAGS), plus online, healthy, abnormal and recording. */
export const DEVICE_SELECTION_STATUSES = [
  'online',
  'healthy',
  'abnormal',
  'recording',
  ...STATUS_FLAGS,
] as const;
export type DeviceSelectionStatus = (typeof DEVICE_SELECTION_STATUSES)[number];
export const INCIDENT_SELECTIONS = [
  'ALL',
  ...ALERT_CATEGORIES,
  ...ALERT_CATEGORIES.flatMap((category) =>
    ALERT_TYPES[category].map((alertType) => `${category}.${alertType}` as const),
  ),
];
export const customerSelectionSchema = z.object({
  platform: z.enum(PLATFORMS).optional(),
  device: z.enum(DEVICE_KINDS).optional(),
  status: z.enum(DEVICE_SELECTION_STATUSES).optional(),
  license: z.enum(['active', 'expired', 'expiring', 'unlicensed']).optional(),
  licenseType: z.enum(LICENSE_TYPES).optional(),
  retention: z.coerce.number().int().positive().optional(),
  within: z.coerce
    .number()
    .int()
    .refine((days) => (MATURITY_WINDOWS as readonly number[]).includes(days), 'within: 30, 60 or 90')
    .optional(),
  incident: z.enum(INCIDENT_SELECTIONS as [string, ...string[]]).optional(),
  deviceLicense: z.enum(['expired', 'expiring']).optional(),
  sites: z.literal('all').optional(),
});
export type CustomerSelection = z.infer<typeof customerSelectionSchema>;

/** The customers holding at least one selected item, with how many each holds; `total` is their sum. */
export const customerMatchesSchema = z.object({
  unit: z.enum(['devices', 'licenses', 'incidents', 'sites']),
  total: count,
  items: z.array(z.object({ organizationId: z.string(), count })),
});
export type CustomerMatches = z.infer<typeof customerMatchesSchema>;
