import { z } from 'zod';
import { DEVICE_CATEGORIES, DEVICE_STATES, DEVICE_TYPES, STATUS_FLAGS } from './devices.ts';
import { LICENSE_TYPES } from './licenses.ts';
import { addressSchema, NAME_FORBIDDEN, optionalEmailSchema, phoneSchema, textField } from './validation.ts';

/**
 * Organization (customer), site and first-platform device payloads (SPEC §3, §7 user-portal and default
 * services), shared by the server routes and the web client.
 */

/** 'YYYY-MM-DD'. */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Per customer, what the customer list shows at a glance. */
export const organizationLicenseSummarySchema = z.object({
  /** Licenses past their expiration date. */
  expired: z.number().int(),
  /** Licenses expiring within LICENSE_EXPIRY_WARNING_DAYS. */
  expireSoon: z.number().int(),
  /** Licensable devices (cameras, IP speakers of the first platform) holding no license. */
  unlicensed: z.number().int(),
});
export const organizationDeviceHealthSchema = z.object({
  total: z.number().int(),
  offline: z.number().int(),
  /** Offline or carrying any status flag. */
  abnormal: z.number().int(),
});

export const organizationListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  reference: z.string(),
  siteCount: z.number().int(),
  license: organizationLicenseSummarySchema,
  devices: organizationDeviceHealthSchema,
});
export type OrganizationListItem = z.infer<typeof organizationListItemSchema>;
export const organizationListSchema = z.object({ items: z.array(organizationListItemSchema) });
export const organizationListQuerySchema = z.object({
  /** Case-insensitive substring of the name or the reference. */
  q: z.string().max(100).optional(),
});

export const remoteAccessSchema = z.object({ enabled: z.boolean(), requesting: z.boolean() });
export type RemoteAccess = z.infer<typeof remoteAccessSchema>;

export const organizationInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 'YYYY-MM-DD'; null when the customer has no subscription end. */
  expirationDate: isoDate.nullable(),
  remoteAccess: remoteAccessSchema,
});
export type OrganizationInfo = z.infer<typeof organizationInfoSchema>;

/** SPEC §3 Organization metadata: `name` is the contact's name. */
export const organizationMetadataSchema = z.object({
  name: z.string(),
  reference: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type OrganizationMetadata = z.infer<typeof organizationMetadataSchema>;

/** Optional like the e-mail and phone: trimmed, so only spaces mean empty (''). */
const contactNameSchema = textField({ forbidden: NAME_FORBIDDEN, maxBytes: 128, optional: true });
const referenceSchema = textField({
  forbidden: ['<', '>', '"', '`', '\\', '{', '}'],
  maxBytes: 64,
  optional: true,
});

/** PATCH body: only the changed fields (SPEC §7), at least one. */
export const updateOrganizationMetadataSchema = z
  .object({
    name: contactNameSchema.optional(),
    reference: referenceSchema.optional(),
    address: addressSchema.optional(),
    email: optionalEmailSchema.optional(),
    phone: phoneSchema.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type UpdateOrganizationMetadata = z.infer<typeof updateOrganizationMetadataSchema>;

/** SPEC §3 Organization license statistics. */
export const licenseStatisticsSchema = z.object({
  unlicensed: z.object({
    quantity: z.number().int(),
    sites: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        devices: z.array(z.object({ id: z.string(), name: z.string(), type: z.enum(DEVICE_TYPES) })),
      }),
    ),
  }),
  items: z.array(
    z.object({
      type: z.enum(LICENSE_TYPES),
      /** The earliest expiration date of this type. */
      expirationDate: isoDate,
      quantity: z.number().int(),
      /** By retention days (storage licenses) and expiration date; retention null for other types. */
      items: z.array(
        z.object({
          retention: z.number().int().nullable(),
          quantity: z.number().int(),
          expirationDate: isoDate,
        }),
      ),
    }),
  ),
});
export type LicenseStatistics = z.infer<typeof licenseStatisticsSchema>;

/** Keyset paging: `next_cursor` is opaque and null on the last page. */
export const pageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export const SITE_PAGE_SIZE = 100;

export const siteSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** A device of this platform at the site is offline or carries a status flag. */
  hasDeviceError: z.boolean(),
});
export type Site = z.infer<typeof siteSchema>;
export const sitePageSchema = z.object({ items: z.array(siteSchema), next_cursor: z.string().nullable() });

/**
 * The customer list's map: every site of the dealer's customers that has coordinates, in one keyset list
 * across customers (the map shows all customers at once, not one customer's sites).
 */
export const SITE_LOCATION_PAGE_SIZE = 2_000;
export const siteLocationQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(5_000).optional(),
});
export const siteLocationSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** As on `siteSchema`: a first-platform device at the site is offline or carries a status flag. */
  hasDeviceError: z.boolean(),
});
export type SiteLocation = z.infer<typeof siteLocationSchema>;
export const siteLocationPageSchema = z.object({
  items: z.array(siteLocationSchema),
  next_cursor: z.string().nullable(),
});

export const siteStatusSchema = z.object({ id: z.string(), hasDeviceStatus: z.boolean() });
export type SiteStatus = z.infer<typeof siteStatusSchema>;
export const siteStatusPageSchema = z.object({
  items: z.array(siteStatusSchema),
  next_cursor: z.string().nullable(),
});

/** Only the flags that are set (SPEC §3 Device status). */
export const deviceStatusSchema = z.partialRecord(z.enum(STATUS_FLAGS), z.literal(true));

export const deviceLicenseSchema = z.object({
  type: z.enum(LICENSE_TYPES),
  retention: z.number().int().nullable(),
  expirationDate: isoDate,
});
export type DeviceLicense = z.infer<typeof deviceLicenseSchema>;

/** Fields every device has on both platforms (SPEC §3 Device). */
export const deviceBaseSchema = z.object({
  id: z.string(),
  siteId: z.string(),
  deviceName: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
  deviceCategory: z.enum(DEVICE_CATEGORIES).nullable(),
  deviceState: z.enum(DEVICE_STATES).nullable(),
  /** Sub-devices: the device they belong to; second-platform devices: their service. */
  serverId: z.string().nullable(),
  serverName: z.string().nullable(),
  modelName: z.string(),
  macAddressList: z.array(z.string()),
  ipAddressList: z.array(z.string()),
  firmwareVersion: z.string(),
  /** ISO 8601. */
  lastOnlineTime: z.string().nullable(),
  healthTimeFrom: z.string().nullable(),
  connected: z.boolean(),
  status: deviceStatusSchema,
  licenses: z.array(deviceLicenseSchema),
});

/** A first-platform device with its raw fields (SPEC §4: the state is derived from them). */
export const firstPlatformDeviceSchema = deviceBaseSchema.extend({
  online: z.boolean(),
  recording: z.boolean(),
  firmwareUpgradeState: z.number().int().nullable(),
});
export type FirstPlatformDevice = z.infer<typeof firstPlatformDeviceSchema>;
export const firstPlatformDeviceListSchema = z.object({ devices: z.array(firstPlatformDeviceSchema) });
