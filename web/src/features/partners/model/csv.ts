import type { Partner } from '@portal/contracts/partners';
import { toCsv } from '@/shared/lib/csv-text.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The license figures, last in the list (the table puts them under one 'Licenses' heading). */
export const LICENSE_COLUMNS = [
  'expired',
  'expiring30',
  'expiring60',
  'expiring90',
  'unlicensedDevices',
  'licenseStock',
] as const;

/** The columns of the partner list, in the table's order (also the CSV's). */
export const PARTNER_COLUMNS = [
  'name',
  'role',
  'region',
  'dealers',
  'customers',
  'devices',
  'healthyPercent',
  'openIncidents',
  'oldestOpenIncidentAt',
  ...LICENSE_COLUMNS,
] as const;
export type PartnerColumn = (typeof PARTNER_COLUMNS)[number];

/** The roles a row shows: the highest one (a distributor that also sells is a distributor). */
export const mainRole = (partner: Pick<Partner, 'roles'>) => partner.roles[0] ?? 'dealer';

function cell(partner: Partner, column: PartnerColumn, t: Translate): string | number {
  switch (column) {
    case 'name':
      return partner.name;
    case 'role':
      return t(`partners.roles.${mainRole(partner)}`);
    case 'region':
      return partner.region?.name ?? '';
    case 'healthyPercent':
      return partner.healthyPercent ?? '';
    case 'oldestOpenIncidentAt':
      return partner.oldestOpenIncidentAt ?? '';
    case 'expired':
    case 'expiring30':
    case 'expiring60':
    case 'expiring90':
      return partner.licenses[column];
    default:
      return partner[column];
  }
}

/**
 * The partner list as CSV: a header row in the language shown, one line per partner; timestamps stay
 * ISO 8601 and percentages plain numbers so spreadsheets can compute with them. Cells starting like a
 * formula are escaped (spreadsheet injection: company names are typed by people).
 */
export function partnersCsv(partners: readonly Partner[], t: Translate): Promise<string> {
  return toCsv(
    PARTNER_COLUMNS.map((column) => t(`partners.columns.${column}`)),
    partners.map((partner) => PARTNER_COLUMNS.map((column) => cell(partner, column, t))),
  );
}
