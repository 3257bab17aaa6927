import { z } from 'zod';
import { ALERT_CATEGORIES } from './devices.ts';
import { ROLES } from './roles.ts';

/**
 * The partner hierarchy (issue 16): HQ, regions and distributors see the companies below them with figures
 * summed over the dealers under each. `GET /api/reseller/v1/partners[/{companyId}]` (session token).
 */

export const PARTNER_SORTS = [
  'name',
  'customers',
  'devices',
  'healthyPercent',
  'openIncidents',
  'oldestOpenIncidentAt',
  'expired',
  'expiring30',
  'unlicensedDevices',
  'licenseStock',
] as const;
export type PartnerSort = (typeof PARTNER_SORTS)[number];

export const partnerListQuerySchema = z.object({
  /** Part of the company name, any case. */
  q: z.string().trim().max(128).optional(),
  role: z.enum(ROLES).optional(),
  /** A region id (e.g. 'europe'). */
  region: z.string().max(64).optional(),
  sort: z.enum(PARTNER_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type PartnerListQuery = z.input<typeof partnerListQuerySchema>;
export type PartnerListParams = z.output<typeof partnerListQuerySchema>;

export const partnerLicensesSchema = z.object({
  expired: z.int(),
  expiring30: z.int(),
  expiring60: z.int(),
  expiring90: z.int(),
});

export const partnerSchema = z.object({
  companyId: z.string(),
  name: z.string(),
  roles: z.array(z.enum(ROLES)),
  region: z.object({ id: z.string(), name: z.string() }).nullable(),
  parentCompanyId: z.string().nullable(),
  /** Dealers at or below this company (1 for a dealer). */
  dealers: z.int(),
  customers: z.int(),
  sites: z.int(),
  devices: z.int(),
  /** Devices without an abnormal state, in percent (one decimal); null without devices. */
  healthyPercent: z.number().nullable(),
  openIncidents: z.int(),
  oldestOpenIncidentAt: z.string().nullable(),
  licenses: partnerLicensesSchema,
  unlicensedDevices: z.int(),
  /** Unassigned licenses in the dealers' inventories. */
  licenseStock: z.int(),
  /**
   * Where the company is (the map of dealers): its own office, else its region's default coordinates (SPEC
   * §3 Company.region); null without either. Not where its customers are: their mean lands nowhere useful.
   */
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
});
export type Partner = z.infer<typeof partnerSchema>;

export const partnerPageSchema = z.object({
  items: z.array(partnerSchema),
  next_cursor: z.string().nullable(),
  /** The regions of every company below the caller, whatever the page and filters (the filter's choices). */
  regions: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PartnerPage = z.infer<typeof partnerPageSchema>;

export const partnerScorecardSchema = partnerSchema.extend({
  byCategory: z.array(
    z.object({
      category: z.enum(ALERT_CATEGORIES),
      openIncidents: z.int(),
      /** Devices of the category in an abnormal state (LICENSE: without a license, or one expired or expiring). */
      abnormalDevices: z.int(),
    }),
  ),
  /** The customers with the most open incidents first (at most 100). */
  byCustomer: z.array(
    z.object({
      organizationId: z.string(),
      name: z.string(),
      dealerId: z.string(),
      dealerName: z.string(),
      devices: z.int(),
      healthyPercent: z.number().nullable(),
      openIncidents: z.int(),
      licenses: partnerLicensesSchema,
    }),
  ),
});
export type PartnerScorecard = z.infer<typeof partnerScorecardSchema>;
