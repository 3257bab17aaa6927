import type { Faker } from '@faker-js/faker';
import type { DeviceRow, LicenseRow } from './dataset.ts';
import { dateAfter } from './random.ts';

/** Days from now until expiry: mostly active, some within the 30-day warning, some expired. */
function expiryOffset(faker: Faker): number {
  return faker.helpers.weightedArrayElement([
    { weight: 70, value: faker.number.int({ min: 31, max: 3 * 365 }) },
    { weight: 15, value: faker.number.int({ min: 0, max: 30 }) },
    { weight: 15, value: -faker.number.int({ min: 1, max: 365 }) },
  ]);
}

/**
 * Licenses of one organization's first-platform devices: cameras hold an xPro (STD) license and some a
 * storage (CLOUD_BACKUP) one, speakers a speaker license; some devices stay unlicensed and a few
 * licenses are spare (bound to no device).
 */
export function generateLicenses(faker: Faker, now: Date, organizationId: string, devices: DeviceRow[]) {
  const licenses: LicenseRow[] = [];
  const license = (type: LicenseRow['type'], deviceId: string | null, retention: number | null = null) =>
    licenses.push({
      id: faker.string.uuid(),
      organization_id: organizationId,
      device_id: deviceId,
      type,
      retention_days: retention,
      expiration_date: dateAfter(now, expiryOffset(faker)),
    });

  for (const device of devices) {
    if (device.platform !== 'first') continue;
    if (device.device_type === 'IP_SPEAKER') {
      if (faker.datatype.boolean(0.8)) license('IP_SPEAKER', device.id);
    } else if (device.device_category !== 'SERVER' && faker.datatype.boolean(0.85)) {
      license('STD', device.id);
      if (faker.datatype.boolean(0.2)) {
        license('CLOUD_BACKUP', device.id, faker.helpers.arrayElement([7, 14, 30, 60, 90]));
      }
    }
  }
  for (let spare = faker.number.int(2); spare > 0; spare--) license('STD', null);
  return licenses;
}
