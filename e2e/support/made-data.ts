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

type Organization = MadeCustomers['organizations'][number];

/**
 * The first customer that, with its devices, passes `test`: the kit's data is random, and "the first card"
 * lacks now and then what a journey needs (one customer in sixteen has no server).
 */
export function customerWith(
  made: MadeCustomers,
  test: (customer: Organization, devices: Device[]) => boolean,
) {
  const customer = made.organizations.find((organization) =>
    test(
      organization,
      made.devices.filter((device) => device.organization_id === organization.id),
    ),
  );
  if (!customer) throw new Error('the test kit made no such customer');
  return customer;
}
