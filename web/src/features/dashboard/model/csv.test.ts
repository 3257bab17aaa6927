import type { OrganizationListItem } from '@portal/contracts/organizations';
import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import { statisticsFixture } from '../test-fixtures.ts';
import { customersCsv, incidentsCsv, maturityCsv } from './csv.ts';
import { customersNeedingAttention } from './customer-attention.ts';
import { incidentCategories } from './incidents.ts';
import { maturityRows } from './license-maturity.ts';

await initI18n('en');
const t = i18n.getFixedT('en');

describe('CSV exports', () => {
  const statistics = statisticsFixture();

  it('incidents: one line per alert type with its category, in the catalogue wording', async () => {
    const lines = (await incidentsCsv(incidentCategories(statistics.incidents), t)).split('\r\n');
    expect(lines[0]).toBe('Category,Alert type,Open incidents');
    expect(lines.slice(1, 4)).toEqual([
      'Camera related,Camera offline,1',
      'Camera related,Firmware update failed,2',
      'Camera related,SD card error,3',
    ]);
    expect(lines.at(-1)).toBe('License related,Without license,14');
    expect(lines).toHaveLength(1 + 14);
  });

  it('license maturity: licenses and customers per window and type, then the unlicensed devices', async () => {
    const csv = await maturityCsv(
      maturityRows(statistics.licenseMaturity),
      statistics.licenseMaturity.unlicensed,
      t,
    );
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'License type,Expired: licenses,Expired: customers,Expiry in 30 days: licenses,Expiry in 30 days: customers,' +
        'Expiry in 60 days: licenses,Expiry in 60 days: customers,Expiry in 90 days: licenses,Expiry in 90 days: customers,' +
        'Unlicensed devices,Customers with unlicensed devices',
    );
    expect(lines[1]).toBe('xPro license,9,3,8,4,12,5,15,6,,');
    expect(lines[2]).toBe('Storage license (30-day retention),1,1,2,1,3,2,4,2,,');
    expect(lines[3]).toBe('Without license,,,,,,,,,17,5');
  });

  it('customers: the most urgent first; names that look like formulas are escaped', async () => {
    const customer = (id: string, name: string): OrganizationListItem => ({
      id,
      name,
      reference: '',
      siteCount: 1,
      license: { expired: 0, expireSoon: 0, unlicensed: 0 },
      devices: { total: 1, offline: 0, abnormal: 0 },
    });
    const matches = (counts: Record<string, number>) => ({
      unit: 'devices' as const,
      total: Object.values(counts).reduce((sum, n) => sum + n, 0),
      items: Object.entries(counts).map(([organizationId, count]) => ({ organizationId, count })),
    });
    const rows = customersNeedingAttention(
      [customer('a', 'Fine Co'), customer('b', 'Soon, Ltd'), customer('c', '=cmd()')],
      { expired: matches({ c: 1 }), expireSoon: matches({ b: 2 }), unlicensed: matches({ b: 1 }) },
    );
    expect(rows.map((row) => row.id)).toEqual(['c', 'b']);
    expect(rows[1]!.links.unlicensed).toBe('/account/b/device?license=unlicensed');
    expect((await customersCsv(rows, t)).split('\r\n')).toEqual([
      'Customer,License expired,Expiry in 30 days,Without license',
      `"'=cmd()",1,0,0`,
      '"Soon, Ltd",0,2,1',
    ]);
  });
});
