import type { Insertable } from 'kysely';
import type {
  AuditLogTable,
  CompanyTable,
  DeviceTable,
  IncidentTable,
  LicenseCatalogueTable,
  LicenseInventoryTable,
  LicenseTable,
  LoginRecordTable,
  OrganizationTable,
  RegionTable,
  RemoteAccessRequestTable,
  ServiceTable,
  SiteTable,
  UserTable,
} from '../infrastructure/db/domain-tables.ts';
import type { DemoPerson } from './hierarchy.ts';

type WithId<T> = Insertable<T> & { id: string };

export type CompanyRow = WithId<CompanyTable>;
export type UserRow = Insertable<UserTable>;
export type OrganizationRow = WithId<OrganizationTable>;
export type SiteRow = WithId<SiteTable>;
export type DeviceRow = Insertable<DeviceTable>;
export type ServiceRow = Insertable<ServiceTable>;
export type LicenseRow = WithId<LicenseTable>;
export type IncidentRow = Insertable<IncidentTable>;
export type RemoteAccessRequestRow = WithId<RemoteAccessRequestTable>;

/** A demo user who can sign in: the domain user plus the credentials of its identity pool user. */
export interface DemoAccount extends DemoPerson {
  userId: string;
  companyId: string;
  role: string;
  owner: boolean;
}

/** Every row of the demo data, in an order that satisfies the foreign keys when inserted table by table. */
export interface DemoDataset {
  regions: Insertable<RegionTable>[];
  companies: CompanyRow[];
  users: UserRow[];
  licenseCatalogue: Insertable<LicenseCatalogueTable>[];
  licenseInventory: Insertable<LicenseInventoryTable>[];
  organizations: OrganizationRow[];
  sites: SiteRow[];
  /** Parents (servers, NVRs) before the devices pointing at them; services go in between. */
  devices: DeviceRow[];
  services: ServiceRow[];
  licenses: LicenseRow[];
  incidents: IncidentRow[];
  remoteAccessRequests: RemoteAccessRequestRow[];
  loginRecords: Insertable<LoginRecordTable>[];
  auditLog: Insertable<AuditLogTable>[];
  accounts: DemoAccount[];
}

/** A dataset with nothing in it yet; generators fill in what they make. */
export const emptyDemoDataset = (): DemoDataset => ({
  regions: [],
  companies: [],
  users: [],
  licenseCatalogue: [],
  licenseInventory: [],
  organizations: [],
  sites: [],
  devices: [],
  services: [],
  licenses: [],
  incidents: [],
  remoteAccessRequests: [],
  loginRecords: [],
  auditLog: [],
  accounts: [],
});
