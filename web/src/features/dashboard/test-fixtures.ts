import { ALERT_TYPES, type AlertCategory } from '@portal/contracts/devices';
import type { CompanyStatistics } from '@portal/contracts/statistics';

/** A dealer's statistics with distinct numbers everywhere, so a test can tell them apart. */
export function statisticsFixture(): CompanyStatistics {
  const camera = (base: number) => ({
    count: base,
    abnormalCount: 7,
    statusCount: { offline: 5, recording: base - 10, recordFailed: 2, firmwareUpdatedFailed: 1 },
  });
  const server = (base: number) => ({
    count: base,
    abnormalCount: 4,
    offlineCount: 3,
    statusCount: {
      offline: 3,
      smartError: 1,
      diskFailed: 2,
      serverCPUHigh: 1,
      serverMemoryHigh: 0,
      serverLoginFailed: 1,
      networkHigh: 0,
      networkSessionHigh: 1,
    },
  });
  let n = 0;
  return {
    organizations: { count: 12, licenseStatus: { expired: 3, expireSoon: 4, unlicensed: 5 } },
    sites: { count: 30 },
    cameraLicenses: { std: 100, cloudBackup: 20, ipSpeaker: 6 },
    platforms: {
      first: {
        total: 160,
        camera: camera(120),
        server: server(30),
        ipSpeaker: { count: 10, offlineCount: 2 },
      },
      second: { total: 60, camera: camera(50), server: server(10) },
    },
    incidents: {
      open: 105,
      items: (Object.keys(ALERT_TYPES) as AlertCategory[]).flatMap((category) =>
        ALERT_TYPES[category].map((alertType) => ({ category, alertType, count: ++n })),
      ),
    },
    licenseMaturity: {
      items: [
        {
          type: 'STD',
          retention: null,
          expired: 9,
          within30: 8,
          within60: 12,
          within90: 15,
          organizations: { expired: 3, within30: 4, within60: 5, within90: 6 },
        },
        {
          type: 'CLOUD_BACKUP',
          retention: 30,
          expired: 1,
          within30: 2,
          within60: 3,
          within90: 4,
          organizations: { expired: 1, within30: 1, within60: 2, within90: 2 },
        },
      ],
      unlicensed: { devices: 17, organizations: 5 },
    },
  };
}
