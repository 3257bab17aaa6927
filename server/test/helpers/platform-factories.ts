import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import { issueTenantToken, tenantIssuer } from '../../src/auth/tenant-tokens.ts';
import type {
  DeviceTable,
  IncidentTable,
  OrganizationTable,
} from '../../src/infrastructure/db/domain-tables.ts';
import type { DB } from '../../src/infrastructure/db/types.ts';
import { createRefreshSession } from '../../src/services/identity/tokens/refresh-tokens.ts';

/** Customers, sites, devices, services, licenses and incidents for platform tests, with overrides. */

let sequence = 0;
const next = () => ++sequence;

export interface BuiltCustomer {
  id: string;
  name: string;
  companyId: string;
}
export interface BuiltSite {
  id: string;
  name: string;
  organizationId: string;
  companyId: string;
}

/** 'YYYY-MM-DD', `days` from today (UTC), the day statistics measure expiry against. */
export const daysFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const newDeviceId = () => `T${randomBytes(8).toString('hex').slice(0, 11).toUpperCase()}`;

export async function buildCustomer(
  db: Kysely<DB>,
  company: { id: string },
  overrides: Partial<Omit<Insertable<OrganizationTable>, 'company_id'>> = {},
): Promise<BuiltCustomer> {
  const n = next();
  const row = await db
    .insertInto('organizations')
    .values({
      company_id: company.id,
      name: `Customer ${n}`,
      reference: `REF-${n}`,
      contact_name: `Contact ${n}`,
      contact_email: `contact${n}@customer.test`,
      ...overrides,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, companyId: company.id };
}

export async function buildSite(
  db: Kysely<DB>,
  customer: BuiltCustomer,
  overrides: { name?: string; latitude?: number | null; longitude?: number | null } = {},
): Promise<BuiltSite> {
  const n = next();
  const row = await db
    .insertInto('sites')
    .values({
      organization_id: customer.id,
      company_id: customer.companyId,
      name: overrides.name ?? `Site ${n}`,
      address: `${n} Main Street`,
      latitude: overrides.latitude === undefined ? 25 : overrides.latitude,
      longitude: overrides.longitude === undefined ? 121 : overrides.longitude,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, organizationId: customer.id, companyId: customer.companyId };
}

type DeviceOverrides = Partial<Omit<Insertable<DeviceTable>, 'company_id' | 'organization_id' | 'site_id'>>;

/** A device at the site: by default an online, recording first-platform camera. */
export async function buildDevice(db: Kysely<DB>, site: BuiltSite, overrides: DeviceOverrides = {}) {
  const n = next();
  const platform = overrides.platform ?? 'first';
  const id = overrides.id ?? newDeviceId();
  await db
    .insertInto('devices')
    .values({
      id,
      platform,
      company_id: site.companyId,
      organization_id: site.organizationId,
      site_id: site.id,
      device_type: 'CAMERA',
      device_category: 'CAMERA',
      name: `Device ${n}`,
      ip_addresses: [`10.0.0.${n % 250}`],
      ...(platform === 'first'
        ? { online: true, recording: true, connected: null, is_recording: null }
        : { connected: true, is_recording: true, online: null, recording: null }),
      ...overrides,
    })
    .execute();
  return { id };
}

/** A second-platform VSS (or device-manager) server with its service row. */
export async function buildService(
  db: Kysely<DB>,
  site: BuiltSite,
  overrides: {
    serviceType?: 'VSS' | 'DEVICE_MANAGER';
    device?: DeviceOverrides;
    remoteAccessEnabled?: boolean;
    frpUrl?: string | null;
  } = {},
) {
  const type = overrides.serviceType ?? 'VSS';
  const { id } = await buildDevice(db, site, {
    platform: 'second',
    device_type: type,
    device_category: 'SERVER',
    name: `${type} ${next()}`,
    ...overrides.device,
  });
  await db
    .insertInto('services')
    .values({
      device_id: id,
      organization_id: site.organizationId,
      service_type: type,
      remote_access_enabled: overrides.remoteAccessEnabled ?? false,
      frp_url: overrides.frpUrl ?? null,
    })
    .execute();
  return { id };
}

export async function buildLicense(
  db: Kysely<DB>,
  customer: { id: string },
  license: {
    deviceId?: string | null;
    type?: 'STD' | 'IP_SPEAKER' | 'CLOUD_BACKUP';
    retention?: number;
    expiresInDays: number;
  },
) {
  const type = license.type ?? 'STD';
  await db
    .insertInto('licenses')
    .values({
      organization_id: customer.id,
      device_id: license.deviceId ?? null,
      type,
      retention_days: type === 'CLOUD_BACKUP' ? (license.retention ?? 30) : null,
      expiration_date: daysFromToday(license.expiresInDays),
    })
    .execute();
}

export async function buildIncident(
  db: Kysely<DB>,
  site: BuiltSite,
  incident: Pick<Insertable<IncidentTable>, 'category' | 'alert_type'> & {
    deviceId?: string;
    resolved?: boolean;
  },
) {
  const started = new Date(Date.now() - 3600_000);
  return db
    .insertInto('incidents')
    .values({
      company_id: site.companyId,
      organization_id: site.organizationId,
      site_id: site.id,
      device_id: incident.deviceId ?? null,
      category: incident.category,
      alert_type: incident.alert_type,
      started_at: started,
      resolved_at: incident.resolved ? new Date() : null,
    })
    .returning((eb) => eb.cast<string>('id', 'text').as('id'))
    .executeTakeFirstOrThrow();
}

/**
 * A sign-in of the user as the identity service records it (no password check: a shortcut for tests),
 * whose origin_jti the derived tokens below carry. Revoking it ends them.
 */
export async function recordSignIn(app: FastifyInstance, userId: string): Promise<string> {
  const { session } = await createRefreshSession(app.db, {
    sub: userId,
    clientId: app.config.COGNITO_CLIENT_ID,
    now: new Date(),
    lifetimeSeconds: 3600,
  });
  return session.originJti;
}

/** The reseller's company token for the user (as `POST /auth/vortextoken` issues it after a sign-in). */
export async function companyToken(
  app: FastifyInstance,
  company: { id: string; owner: { id: string } },
  originJti?: string,
) {
  const { token } = await issueTenantToken(app.db, tenantIssuer(app.config.PUBLIC_URL), {
    kind: 'company',
    sub: company.owner.id,
    companyId: company.id,
    originJti: originJti ?? (await recordSignIn(app, company.owner.id)),
    role: 'dealer',
  });
  return token;
}

/** The organization token (as `POST /v1/organizations/{orgId}/vsaas-token` issues it after a sign-in). */
export async function organizationToken(
  app: FastifyInstance,
  company: { id: string; owner: { id: string } },
  orgId: string,
  originJti?: string,
) {
  const { token } = await issueTenantToken(app.db, tenantIssuer(app.config.PUBLIC_URL), {
    kind: 'organization',
    sub: company.owner.id,
    companyId: company.id,
    originJti: originJti ?? (await recordSignIn(app, company.owner.id)),
    orgId,
  });
  return token;
}
