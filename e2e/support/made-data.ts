import type { Customers } from '@portal/server/testkit';

/** What the test kit made for a company's customers (its rows as written, dates as ISO strings). */
export type MadeCustomers = Customers;

type Device = MadeCustomers['devices'][number];

const CAMERA_CATEGORIES = new Set(['CAMERA', 'FISH_EYE', 'PTZ']);
const isCamera = (device: Device) => CAMERA_CATEGORIES.has(device.device_category ?? '');
/** SPEC §4: a first-platform device is offline when not online, a second-platform one when not connected. */
const isOffline = (device: Device) => (device.platform === 'first' ? !device.online : !device.connected);

/** The dashboard's numbers, counted here from the rows the test kit made (not from the API). */
export function dashboardNumbers(made: MadeCustomers) {
  const firstCameras = made.devices.filter((device) => device.platform === 'first' && isCamera(device));
  const open = made.incidents.filter((incident) => !incident.resolved_at);
  return {
    customers: made.organizations.length,
    openIncidents: open.length,
    firstCameras: firstCameras.length,
    firstCamerasOffline: firstCameras.filter(isOffline).length,
    firstCamerasRecordFailed: firstCameras.filter((device) => device.record_failed).length,
    secondServersDiskFailed: made.devices.filter(
      (device) => device.platform === 'second' && device.device_category === 'SERVER' && device.disk_failed,
    ).length,
    openSdCardIncidents: open.filter((i) => i.category === 'CAMERA' && i.alert_type === 'RECORDING_FAILED')
      .length,
  };
}
