import { z } from 'zod';
import { ALERT_CATEGORIES, DEVICE_CATEGORIES, DEVICE_STATES, DEVICE_TYPES, PLATFORMS } from './devices.ts';
import { INCIDENT_STATES } from './incidents.ts';
import { LICENSE_TYPES } from './licenses.ts';

/**
 * The partner API (issue 27 item 5): `GET /api/partner/v1/...` with `Authorization: Bearer ppk_…`, for a
 * partner's own tools (ticketing, remote monitoring). Lists are keyset pages: pass `next_cursor` back as
 * `cursor` until it is null.
 */
export const PARTNER_API_PREFIX = '/api/partner';
export const PARTNER_API_MAX_LIMIT = 500;

const limit = z.coerce.number().int().min(1).max(PARTNER_API_MAX_LIMIT).default(100);
const cursor = z.string().max(300).optional();
/**
 * A dealer below a distributor's or HQ's key: read that dealer's data (read-only). Omitted: the key's own
 * company.
 */
const companyId = z.uuid().optional();
const isoTime = z.iso.datetime({ offset: true });

export const partnerPageQuerySchema = z.object({ companyId, cursor, limit });

export const partnerDeviceQuerySchema = partnerPageQuerySchema.extend({
  customerId: z.uuid().optional(),
  /** OFFLINE, RECORDING, UPGRADING, or IDLE for a device that is none of these (online, not recording). */
  state: z.enum([...DEVICE_STATES, 'IDLE']).optional(),
  type: z.enum(DEVICE_TYPES).optional(),
  /** Only devices whose visible fields changed at or after this time (the sync loop's filter). */
  updatedSince: isoTime.optional(),
});

export const partnerIncidentQuerySchema = partnerPageQuerySchema.extend({
  state: z.enum(INCIDENT_STATES).default('open'),
  since: isoTime.optional(),
  customerId: z.uuid().optional(),
});

export const PARTNER_LICENSE_STATES = ['active', 'expired'] as const;
export const partnerLicenseQuerySchema = partnerPageQuerySchema.extend({
  state: z.enum(PARTNER_LICENSE_STATES).optional(),
  /** Active licenses expiring within this many days (0 = today). */
  expiringWithinDays: z.coerce.number().int().min(0).max(3650).optional(),
  customerId: z.uuid().optional(),
});

export const partnerCompanyQuerySchema = z.object({ companyId });

export const partnerCustomerSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    reference: z.string(),
    contactName: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string(),
    address: z.string(),
    createdAt: z.string(),
  })
  .meta({
    examples: [
      {
        id: '0b6c7a8e-5a55-4c1e-9a57-6f1f3d7a2c10',
        name: 'Maggio LLC',
        reference: 'CRM-1042',
        contactName: 'Ana Maggio',
        contactEmail: 'ana@maggio.example',
        contactPhone: '+1 555 0100',
        address: '12 Harbor Rd, Portland, OR',
        createdAt: '2026-03-02T09:15:00.000Z',
      },
    ],
  });

export const partnerCustomerDetailSchema = partnerCustomerSchema.extend({
  sites: z.int().min(0),
  devices: z.int().min(0),
  openIncidents: z.int().min(0),
});

export const partnerSiteSchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  name: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

export const partnerDeviceSchema = z
  .object({
    id: z.string(),
    customerId: z.uuid(),
    siteId: z.uuid(),
    name: z.string(),
    type: z.enum(DEVICE_TYPES),
    category: z.enum(DEVICE_CATEGORIES).nullable(),
    platform: z.enum(PLATFORMS),
    state: z.enum([...DEVICE_STATES, 'IDLE']),
    /** The server (parent device or service) it hangs behind. */
    serverId: z.string().nullable(),
    modelName: z.string(),
    firmwareVersion: z.string(),
    macAddresses: z.array(z.string()),
    ipAddresses: z.array(z.string()),
    lastOnlineAt: z.string().nullable(),
    /** The status flags that are set (recordFailed, diskFailed, …). */
    flags: z.array(z.string()),
    mutedUntil: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({
    examples: [
      {
        id: 'CAM00000A1B2',
        customerId: '0b6c7a8e-5a55-4c1e-9a57-6f1f3d7a2c10',
        siteId: '5d0b1f0e-3c7e-4f7a-8a8e-1b2c3d4e5f60',
        name: 'Lobby camera',
        type: 'CAMERA',
        category: 'CAMERA',
        platform: 'first',
        state: 'OFFLINE',
        serverId: 'NVR00000C3D4',
        modelName: 'LC-2040',
        firmwareVersion: '4.2.1',
        macAddresses: ['00:1A:2B:3C:4D:5E'],
        ipAddresses: ['10.0.0.21'],
        lastOnlineAt: '2026-11-25T22:10:00.000Z',
        flags: ['offline'],
        mutedUntil: null,
        updatedAt: '2026-11-25T22:20:03.118Z',
      },
    ],
  });

export const partnerIncidentSchema = z
  .object({
    id: z.string(),
    customerId: z.uuid(),
    customerName: z.string(),
    siteId: z.uuid().nullable(),
    siteName: z.string().nullable(),
    deviceId: z.string().nullable(),
    deviceName: z.string().nullable(),
    deviceType: z.enum(DEVICE_TYPES).nullable(),
    category: z.enum(ALERT_CATEGORIES),
    type: z.string(),
    startedAt: z.string(),
    resolvedAt: z.string().nullable(),
    acknowledgedAt: z.string().nullable(),
    /** The member (name or e-mail) or API key (its name) that acknowledged it. */
    acknowledgedBy: z.string().nullable(),
    affectedDevices: z.int().min(0),
  })
  .meta({
    examples: [
      {
        id: '48211',
        customerId: '0b6c7a8e-5a55-4c1e-9a57-6f1f3d7a2c10',
        customerName: 'Maggio LLC',
        siteId: '5d0b1f0e-3c7e-4f7a-8a8e-1b2c3d4e5f60',
        siteName: 'Head office',
        deviceId: 'CAM00000A1B2',
        deviceName: 'Lobby camera',
        deviceType: 'CAMERA',
        category: 'CAMERA',
        type: 'OFFLINE',
        startedAt: '2026-11-25T22:20:03.118Z',
        resolvedAt: null,
        acknowledgedAt: null,
        acknowledgedBy: null,
        affectedDevices: 0,
      },
    ],
  });

export const partnerLicenseSchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  deviceId: z.string().nullable(),
  type: z.enum(LICENSE_TYPES),
  retentionDays: z.int().nullable(),
  expirationDate: z.string(),
  state: z.enum(PARTNER_LICENSE_STATES),
});

const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.string().nullable() });

export const partnerCustomerPageSchema = page(partnerCustomerSchema);
export const partnerSitePageSchema = page(partnerSiteSchema);
export const partnerDevicePageSchema = page(partnerDeviceSchema);
export const partnerIncidentPageSchema = page(partnerIncidentSchema);
export const partnerLicensePageSchema = page(partnerLicenseSchema);

export type PartnerCustomer = z.infer<typeof partnerCustomerSchema>;
export type PartnerCustomerDetail = z.infer<typeof partnerCustomerDetailSchema>;
export type PartnerSite = z.infer<typeof partnerSiteSchema>;
export type PartnerDevice = z.infer<typeof partnerDeviceSchema>;
export type PartnerIncident = z.infer<typeof partnerIncidentSchema>;
export type PartnerLicense = z.infer<typeof partnerLicenseSchema>;
export type PartnerDeviceQuery = z.output<typeof partnerDeviceQuerySchema>;
export type PartnerLicenseQuery = z.output<typeof partnerLicenseQuerySchema>;
export type PartnerPageQuery = z.output<typeof partnerPageQuerySchema>;
