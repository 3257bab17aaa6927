import { describe, expect, it } from 'vitest';
import { groupLicenseStatistics } from './license-groups.ts';

describe('groupLicenseStatistics', () => {
  const statistics = {
    unlicensed: {
      quantity: 3,
      sites: [{ id: 's1', name: 'HQ', devices: [{ id: 'd1', name: 'Door', type: 'CAMERA' as const }] }],
    },
    items: [
      {
        type: 'CLOUD_BACKUP' as const,
        expirationDate: '2025-09-01',
        quantity: 5,
        items: [
          { retention: 90, quantity: 2, expirationDate: '2025-12-01' },
          { retention: 30, quantity: 3, expirationDate: '2025-09-01' },
        ],
      },
      {
        type: 'STD' as const,
        expirationDate: '2026-01-31',
        quantity: 12,
        items: [{ retention: null, quantity: 12, expirationDate: '2026-01-31' }],
      },
    ],
  };

  it('lists xPro, Storage, Speaker and Without license in that order, zeros included', () => {
    const groups = groupLicenseStatistics(statistics);
    expect(groups.map((g) => [g.type, g.quantity])).toEqual([
      ['STD', 12],
      ['CLOUD_BACKUP', 5],
      ['IP_SPEAKER', 0],
      ['UNLICENSED', 3],
    ]);
  });

  it('keeps storage lines by retention days with their dates and the earliest date per type', () => {
    const storage = groupLicenseStatistics(statistics)[1]!;
    expect(storage.expirationDate).toBe('2025-09-01');
    expect(storage.lines).toEqual([
      { retention: 30, quantity: 3, expirationDate: '2025-09-01' },
      { retention: 90, quantity: 2, expirationDate: '2025-12-01' },
    ]);
  });

  it('gives types without licenses no date', () => {
    const groups = groupLicenseStatistics(statistics);
    expect(groups[2]!.expirationDate).toBeNull();
    expect(groups[3]!.expirationDate).toBeNull();
  });
});
