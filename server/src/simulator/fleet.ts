import type { IngestDevice, IngestPlatform } from '@portal/contracts/ingest';

/** One device as the simulator plays it: where it hangs, what it says now, and whether a scenario has it. */
export interface SimDevice {
  id: string;
  platform: IngestPlatform;
  type: IngestDevice['type'];
  isServer: boolean;
  isCamera: boolean;
  /** A first-platform camera or NVR: it upgrades its firmware (SPEC §4 states 3, 4, 5, 10, 11, 12). */
  upgradable: boolean;
  /** Reports `recording` (cameras and recorders). */
  records: boolean;
  serverId: string | null;
  /** The devices behind this server. */
  children: SimDevice[];
  connected: boolean;
  recording: boolean;
  /** Virtual time until which a scenario plays this device (and no other may start on it). */
  busyUntil: number;
}

/** The devices the simulator drives, by platform and by what scenarios need. */
export interface Fleet {
  all: SimDevice[];
  byId: Map<string, SimDevice>;
  cameras: SimDevice[];
  servers: SimDevice[];
  /** Servers with devices behind them: a server outage takes those down with it. */
  parents: SimDevice[];
  upgradable: SimDevice[];
}

const CAMERAS = new Set(['CAMERA', 'FISH_EYE', 'PTZ']);

export function buildFleet(devices: readonly (IngestDevice & { platform: IngestPlatform })[]): Fleet {
  const all = [...devices]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(
      (device): SimDevice => ({
        id: device.id,
        platform: device.platform,
        type: device.type,
        isServer: device.category === 'SERVER',
        isCamera: device.category !== null && CAMERAS.has(device.category),
        upgradable:
          device.platform === 'VORTEX' && (CAMERAS.has(device.category ?? '') || device.type === 'NVR'),
        records: CAMERAS.has(device.category ?? '') || device.type === 'NVR',
        serverId: device.serverId,
        children: [],
        connected: device.connected,
        recording: device.recording,
        busyUntil: 0,
      }),
    );
  const byId = new Map(all.map((device) => [device.id, device]));
  for (const device of all) {
    const server = device.serverId ? byId.get(device.serverId) : undefined;
    if (server?.isServer && server.platform === device.platform) server.children.push(device);
  }
  const servers = all.filter((device) => device.isServer);
  return {
    all,
    byId,
    cameras: all.filter((device) => device.isCamera),
    servers,
    parents: servers.filter((device) => device.children.length > 0),
    upgradable: all.filter((device) => device.upgradable),
  };
}
