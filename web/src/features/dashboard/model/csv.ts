import type { CompanyStatistics } from '@portal/contracts/statistics';
import { toCsv } from '@/shared/lib/csv-text.ts';
import type { AttentionRow } from './customer-attention.ts';
import type { IncidentCategory } from './incidents.ts';
import { licenseTypeLabel, MATURITY_COLUMNS, type MaturityRow } from './license-maturity.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The incidents overview: one line per alert type, with its category, in the dashboard's order. */
export function incidentsCsv(categories: readonly IncidentCategory[], t: Translate): Promise<string> {
  return toCsv(
    [t('dashboard.csv.category'), t('dashboard.csv.alertType'), t('dashboard.csv.openIncidents')],
    categories.flatMap((category) =>
      category.items.map((item) => [t(category.labelKey), t(item.labelKey), item.count]),
    ),
  );
}

/** The maturity report: licenses and customers per window and license type, then the unlicensed devices. */
export function maturityCsv(
  rows: readonly MaturityRow[],
  unlicensed: CompanyStatistics['licenseMaturity']['unlicensed'],
  t: Translate,
): Promise<string> {
  const fields = [
    t('dashboard.csv.licenseType'),
    ...MATURITY_COLUMNS.flatMap((column) => [
      t('dashboard.csv.licenses', { window: t(`dashboard.maturity.columns.${column}`) }),
      t('dashboard.csv.customers', { window: t(`dashboard.maturity.columns.${column}`) }),
    ]),
    t('dashboard.csv.unlicensedDevices'),
    t('dashboard.csv.unlicensedCustomers'),
  ];
  const data = rows.map((row) => [
    licenseTypeLabel(t, row.type, row.retention),
    ...MATURITY_COLUMNS.flatMap((column) => [row.cells[column].licenses, row.cells[column].customers]),
    '',
    '',
  ]);
  data.push([
    t('dashboard.licenseTypes.UNLICENSED'),
    ...MATURITY_COLUMNS.flatMap(() => ['', '']),
    unlicensed.devices,
    unlicensed.organizations,
  ]);
  return toCsv(fields, data);
}

/** The customers needing attention, each with its counts. */
export function customersCsv(rows: readonly AttentionRow[], t: Translate): Promise<string> {
  return toCsv(
    [
      t('dashboard.csv.customer'),
      t('dashboard.attention.expired'),
      t('dashboard.attention.expireSoon'),
      t('dashboard.attention.unlicensed'),
    ],
    rows.map((row) => [row.name, row.expired, row.expireSoon, row.unlicensed]),
  );
}
