import type { LicenseType } from '@portal/contracts/licenses';
import type { CompanyStatistics } from '@portal/contracts/statistics';
import { customerListUrl, type LicenseSelection } from '@/shared/navigation/customer-links.ts';

export const MATURITY_COLUMNS = ['expired', 'within30', 'within60', 'within90'] as const;
export type MaturityColumn = (typeof MATURITY_COLUMNS)[number];

export interface MaturityCell {
  licenses: number;
  customers: number;
  /** The customers holding such licenses. */
  href: string;
}

export interface MaturityRow {
  type: LicenseType;
  retention: number | null;
  cells: Record<MaturityColumn, MaturityCell>;
}

const selection = (
  type: LicenseType,
  retention: number | null,
  column: MaturityColumn,
): LicenseSelection => ({
  licenseType: type,
  ...(retention === null ? {} : { retention }),
  ...(column === 'expired'
    ? { license: 'expired' }
    : { license: 'expiring', within: Number(column.slice('within'.length)) as 30 | 60 | 90 }),
});

const TYPE_ORDER: LicenseType[] = ['STD', 'CLOUD_BACKUP', 'IP_SPEAKER'];

/** The maturity report by license type (storage licenses by retention days): xPro, Storage, Speaker. */
export function maturityRows(maturity: CompanyStatistics['licenseMaturity']): MaturityRow[] {
  return [...maturity.items]
    .sort(
      (a, b) =>
        TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) || (a.retention ?? 0) - (b.retention ?? 0),
    )
    .map((item) => ({
      type: item.type,
      retention: item.retention,
      cells: Object.fromEntries(
        MATURITY_COLUMNS.map((column) => [
          column,
          {
            licenses: item[column],
            customers: item.organizations[column],
            href: customerListUrl(selection(item.type, item.retention, column)),
          },
        ]),
      ) as Record<MaturityColumn, MaturityCell>,
    }));
}

/** The row label: 'xPro license', 'Storage license (30-day retention)', 'Speaker license'. */
export function licenseTypeLabel(
  t: (key: string, options?: Record<string, unknown>) => string,
  type: LicenseType,
  retention: number | null,
): string {
  const name = t(`dashboard.licenseTypes.${type}`);
  return retention === null ? name : t('dashboard.maturity.withRetention', { name, count: retention });
}
