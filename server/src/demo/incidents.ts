import type { Faker } from '@faker-js/faker';
import type { DeviceRow, IncidentRow, LicenseRow } from './dataset.ts';
import { logUniformMinutes, minutesBefore } from './random.ts';

const DAY_MS = 86_400_000;
/** SPEC §9: the license expiry warning (the engine's EXPIRING incidents begin this many days before expiry). */
const WARNING_DAYS = 30;

const SERVER_FLAGS = [
  ['smart_error', 'SERVER', 'SMART_ERROR'],
  ['disk_failed', 'SERVER', 'DISK_FAILED'],
  ['server_cpu_high', 'SERVER', 'SERVER_CPU_HIGH'],
  ['server_memory_high', 'SERVER', 'SERVER_MEMORY_HIGH'],
  ['network_high', 'SERVER', 'NETWORK_HIGH'],
  ['server_login_failed', 'CYBER', 'SERVER_LOGIN_FAILED'],
  ['network_session_high', 'CYBER', 'NETWORK_SESSION_HIGH'],
] as const;

/**
 * Incidents as the incident engine would have left them (issue 14): an open OFFLINE incident for every
 * offline camera and server since it went offline (`offline_since`), except cameras behind an offline
 * server (the server's incident counts them in `affected_devices`; they wait for the server to return),
 * one open incident per flag that holds, license incidents for every device with expired or expiring
 * licenses (one per device and state, since the engine's start: the expiry date, or 30 days before it), and
 * a history of resolved incidents. Open problems are minutes to `oldestMinutes` old, most of them recent.
 */
export function generateIncidents(
  faker: Faker,
  now: Date,
  devices: DeviceRow[],
  licenses: LicenseRow[],
  oldestMinutes: number,
): IncidentRow[] {
  const incidents: IncidentRow[] = [];
  const today = now.toISOString().slice(0, 10);
  const soon = new Date(now.getTime() + WARNING_DAYS * DAY_MS).toISOString().slice(0, 10);
  const deviceById = new Map(devices.map((device) => [device.id, device]));

  const isOffline = (device: DeviceRow) => (device.platform === 'first' ? !device.online : !device.connected);
  const serverOf = (device: DeviceRow) => {
    const id = device.parent_device_id ?? device.service_id;
    return id ? deviceById.get(id) : undefined;
  };
  const licenseIncidents = new Set<string>();

  const incident = (
    device: DeviceRow,
    category: IncidentRow['category'],
    alertType: string,
    open: boolean,
    since?: Date,
  ): IncidentRow => {
    // Resolved ones are history (ended before now); open ones minutes to the dealer's oldest problem old.
    const random = open
      ? minutesBefore(now, logUniformMinutes(faker, 2, oldestMinutes))
      : minutesBefore(now, faker.number.int({ min: 4 * 1440, max: 60 * 1440 }));
    const startedAt = since ?? random;
    const row: IncidentRow = {
      company_id: device.company_id,
      organization_id: device.organization_id,
      site_id: device.site_id,
      device_id: device.id,
      category,
      alert_type: alertType,
      started_at: startedAt,
      resolved_at: open
        ? null
        : new Date(startedAt.getTime() + faker.number.int({ min: 5, max: 3 * 24 * 60 }) * 60_000),
      // Every row names every column (insert.ts takes the columns from the first row): a server's outage sets
      // its count below.
      affected_devices: 0,
    };
    incidents.push(row);
    return row;
  };

  for (const device of devices) {
    const server = device.device_category === 'SERVER';
    if (isOffline(device) && device.device_category) {
      const behind = serverOf(device);
      if (behind?.device_category === 'SERVER' && isOffline(behind)) {
        // Waiting for its server to return: no incident of its own (the engine's topology rule).
        device.offline_since = behind.offline_since ?? minutesBefore(now, 60);
        device.debounce_from = device.offline_since;
      } else {
        // Offline since it was last seen online.
        const lastSeen = device.last_online_at ? new Date(device.last_online_at as Date) : undefined;
        const opened = incident(device, server ? 'SERVER' : 'CAMERA', 'OFFLINE', true, lastSeen);
        device.offline_since = opened.started_at;
      }
    }
    if (device.record_failed) incident(device, 'CAMERA', 'RECORDING_FAILED', true);
    if (device.firmware_updated_failed && !server) incident(device, 'CAMERA', 'FIRMWARE_UPDATE_FAILED', true);
    for (const [flag, category, alertType] of SERVER_FLAGS) {
      if (device[flag]) incident(device, category, alertType, true);
    }
    if (faker.datatype.boolean(0.03)) incident(device, server ? 'SERVER' : 'CAMERA', 'OFFLINE', false);
  }
  const licensed = [...licenses].sort((a, b) => a.expiration_date.localeCompare(b.expiration_date));
  for (const license of licensed) {
    const device = license.device_id ? deviceById.get(license.device_id) : undefined;
    if (!device || license.expiration_date > soon) continue;
    const alertType = license.expiration_date < today ? 'EXPIRED' : 'EXPIRING';
    if (licenseIncidents.has(`${device.id}:${alertType}`)) continue;
    licenseIncidents.add(`${device.id}:${alertType}`);
    // As evaluateLicenseIncidents opens them, from the earliest date of the device's licenses in that state.
    const expires = new Date(`${license.expiration_date}T00:00:00.000Z`).getTime();
    const since = alertType === 'EXPIRED' ? expires : expires - WARNING_DAYS * DAY_MS;
    incident(device, 'LICENSE', alertType, true, new Date(Math.min(now.getTime(), since)));
  }
  // A server's outage counts the devices down behind it.
  for (const row of incidents) {
    if (row.category !== 'SERVER' || row.alert_type !== 'OFFLINE' || row.resolved_at) continue;
    row.affected_devices = devices.filter(
      (device) => serverOf(device)?.id === row.device_id && isOffline(device),
    ).length;
  }
  return incidents;
}
