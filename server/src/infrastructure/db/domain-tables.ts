import type { DB } from './generated-tables.ts';

/** Row types of the reseller domain (SPEC §3) by the names the code uses; generated-tables.ts has the columns. */

export type RegionTable = DB['regions'];
export type CompanyTable = DB['companies'];
export type UserTable = DB['users'];
export type OrganizationTable = DB['organizations'];
export type SiteTable = DB['sites'];
export type DeviceTable = DB['devices'];
export type ServiceTable = DB['services'];
export type LicenseCatalogueTable = DB['license_catalogue'];
export type LicenseInventoryTable = DB['license_inventory'];
export type LicenseTable = DB['licenses'];
export type IncidentTable = DB['incidents'];
export type RemoteAccessRequestTable = DB['remote_access_requests'];
export type LoginRecordTable = DB['login_records'];
export type AuditLogTable = DB['audit_log'];
