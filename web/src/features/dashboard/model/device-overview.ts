import { CAMERA_STATUS_FLAGS, SERVER_STATUS_FLAGS } from '@portal/contracts/devices';
import type { CompanyStatistics } from '@portal/contracts/statistics';
import {
  customerListUrl,
  type DeviceKind,
  type DevicePlatform,
  type DeviceStatusParam,
} from '@/shared/navigation/customer-links.ts';

export interface LinkedCount {
  /** Translation key of the label. */
  labelKey: string;
  count: number;
  /** The customer list filtered to the customers having such devices. */
  href: string;
}

export interface DeviceGroup {
  platform: DevicePlatform;
  kind: DeviceKind;
  total: LinkedCount;
  online: LinkedCount;
  offline: LinkedCount;
  healthy: LinkedCount;
  abnormal: LinkedCount;
  /** The status breakdown of SPEC §3 (camera or server statuses; offline only for IP speakers). */
  statuses: LinkedCount[];
}

type Platforms = CompanyStatistics['platforms'];

function group(
  platform: DevicePlatform,
  kind: DeviceKind,
  counts: { count: number; offline: number; abnormal: number },
  statuses: [DeviceStatusParam, number][],
): DeviceGroup {
  const link = (status: DeviceStatusParam | undefined, labelKey: string, count: number): LinkedCount => ({
    labelKey,
    count,
    href: customerListUrl({ platform, device: kind, ...(status ? { status } : {}) }),
  });
  return {
    platform,
    kind,
    total: link(undefined, `dashboard.devices.kind.${kind}`, counts.count),
    online: link('online', 'dashboard.devices.health.online', counts.count - counts.offline),
    offline: link('offline', 'dashboard.devices.health.offline', counts.offline),
    healthy: link('healthy', 'dashboard.devices.health.healthy', counts.count - counts.abnormal),
    abnormal: link('abnormal', 'dashboard.devices.health.abnormal', counts.abnormal),
    statuses: statuses.map(([status, count]) =>
      link(status, `dashboard.devices.status.${kind}.${status}`, count),
    ),
  };
}

/** The device overview: cameras, servers (and, on the first platform, IP speakers) of each platform. */
export function deviceOverview(platforms: Platforms): DeviceGroup[] {
  const groups: DeviceGroup[] = [];
  for (const platform of ['first', 'second'] as const) {
    const { camera, server } = platforms[platform];
    groups.push(
      group(
        platform,
        'camera',
        { count: camera.count, offline: camera.statusCount.offline, abnormal: camera.abnormalCount },
        CAMERA_STATUS_FLAGS.map((key) => [key, camera.statusCount[key]]),
      ),
      group(
        platform,
        'server',
        { count: server.count, offline: server.offlineCount, abnormal: server.abnormalCount },
        SERVER_STATUS_FLAGS.map((key) => [key, server.statusCount[key]]),
      ),
    );
  }
  const speaker = platforms.first.ipSpeaker;
  groups.splice(
    2,
    0,
    group(
      'first',
      'ipSpeaker',
      { count: speaker.count, offline: speaker.offlineCount, abnormal: speaker.offlineCount },
      [['offline', speaker.offlineCount]],
    ),
  );
  return groups;
}
