import { describe, expect, it } from 'vitest';
import { TRANSLATIONS, type Tree } from '@/shared/i18n/resources.ts';
import { statisticsFixture } from '../test-fixtures.ts';
import { incidentCategories } from './incidents.ts';
import { licenseTypeLabel, maturityRows } from './license-maturity.ts';

const lookup = (tree: Tree, key: string) => {
  const value = key
    .split('.')
    .reduce<Tree | string | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      tree,
    );
  if (typeof value !== 'string') throw new Error(`missing ${key}`);
  return value;
};

describe('incidentCategories', () => {
  const categories = incidentCategories(statisticsFixture().incidents);

  it('groups alert types under the four categories of SPEC §4, with their totals', () => {
    expect(categories.map((c) => [lookup(TRANSLATIONS.en, c.labelKey), c.count])).toEqual([
      ['Camera related', 1 + 2 + 3],
      ['Server related', 4 + 5 + 6 + 7 + 8 + 9],
      ['Cyber security related', 10 + 11],
      ['License related', 12 + 13 + 14],
    ]);
  });

  it('uses the catalogue wording and links to the customers concerned', () => {
    const camera = categories[0]!.items;
    expect(camera.map((i) => lookup(TRANSLATIONS.en, i.labelKey))).toEqual([
      'Camera offline',
      'Firmware update failed',
      'SD card error',
    ]);
    expect(camera[2]!.href).toBe('/account?incident=CAMERA.RECORDING_FAILED');
    const license = categories[3]!.items;
    expect(license.map((i) => lookup(TRANSLATIONS.en, i.labelKey))).toEqual([
      'License expired',
      'Expiry in 30 days',
      'Without license',
    ]);
    expect(license[1]!.href).toBe('/account?incident=LICENSE.EXPIRING');
    expect(lookup(TRANSLATIONS['zh-TW'], camera[2]!.labelKey)).toBe('SD 卡錯誤');
  });

  it('leaves out a type the engine never opens while it counts none (a device without license is no incident)', () => {
    const incidents = statisticsFixture().incidents;
    const none = {
      ...incidents,
      items: incidents.items.map((item) => (item.alertType === 'UNLICENSED' ? { ...item, count: 0 } : item)),
    };
    const license = incidentCategories(none)[3]!;
    expect(license.items.map((i) => i.alertType)).toEqual(['EXPIRED', 'EXPIRING']);
    expect(license.count).toBe(12 + 13);
  });
});

describe('maturityRows', () => {
  it('orders xPro before Storage and links each customer count to the matching customers', () => {
    const rows = maturityRows(statisticsFixture().licenseMaturity);
    expect(rows.map((r) => r.type)).toEqual(['STD', 'CLOUD_BACKUP']);
    expect(rows[0]!.cells.within60).toEqual({
      licenses: 12,
      customers: 5,
      href: '/account?licenseType=STD&license=expiring&within=60',
    });
    expect(rows[1]!.cells.expired.href).toBe(
      '/account?licenseType=CLOUD_BACKUP&retention=30&license=expired',
    );
  });

  it('labels storage licenses with their retention days', () => {
    const t = (key: string, options?: Record<string, unknown>) =>
      key === 'dashboard.maturity.withRetention'
        ? `${options?.name} (${options?.count}-day retention)`
        : lookup(TRANSLATIONS.en, key);
    expect(licenseTypeLabel(t, 'CLOUD_BACKUP', 30)).toBe('Storage license (30-day retention)');
    expect(licenseTypeLabel(t, 'STD', null)).toBe('xPro license');
  });
});
