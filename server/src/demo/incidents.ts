import type { Faker } from '@faker-js/faker';
import type { DeviceRow, IncidentRow, LicenseRow } from './dataset.ts';
import { minutesBefore } from './random.ts';

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
 * Open incidents for most devices that are offline or flagged, license incidents for some expired and
 * expiring licenses, and a history of resolved incidents.
 */
export function generateIncidents(
  faker: Faker,
  now: Date,
  devices: DeviceRow[],
  licenses: LicenseRow[],
): IncidentRow[] {
  const incidents: IncidentRow[] = [];
  const today = now.toISOString().slice(0, 10);
  const soon = new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
  const deviceById = new Map(devices.map((device) => [device.id, device]));

  const incident = (
    device: DeviceRow,
    category: IncidentRow['category'],
    alertType: string,
    open: boolean,
  ) => {
    const startedAt = minutesBefore(now, faker.number.int({ min: 5, max: 60 * 24 * 60 }));
    incidents.push({
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
    });
  };

  for (const device of devices) {
    const server = device.device_category === 'SERVER';
    const offline = device.platform === 'first' ? !device.online : !device.connected;
    if (offline && faker.datatype.boolean(0.7))
      incident(device, server ? 'SERVER' : 'CAMERA', 'OFFLINE', true);
    if (device.record_failed) incident(device, 'CAMERA', 'RECORDING_FAILED', true);
    if (device.firmware_updated_failed && !server) incident(device, 'CAMERA', 'FIRMWARE_UPDATE_FAILED', true);
    for (const [flag, category, alertType] of SERVER_FLAGS) {
      if (device[flag]) incident(device, category, alertType, true);
    }
    if (faker.datatype.boolean(0.03)) incident(device, server ? 'SERVER' : 'CAMERA', 'OFFLINE', false);
  }
  for (const license of licenses) {
    const device = license.device_id ? deviceById.get(license.device_id) : undefined;
    if (!device || license.expiration_date > soon || !faker.datatype.boolean(0.5)) continue;
    incident(device, 'LICENSE', license.expiration_date < today ? 'EXPIRED' : 'EXPIRING', true);
  }
  return incidents;
}
