import type { Faker } from '@faker-js/faker';
import type { DeviceRow, LicenseRow } from './dataset.ts';
import { dateAfter } from './random.ts';

/** A customer's license standing, as its customer-list chips show it (any expired / any expiring / neither). */
export type LicenseStanding = 'healthy' | 'expiring' | 'expired';

/**
 * A customer's licenses as a customer buys them: one term for the devices of the first installation, and
 * a few devices added later on their own dates. Most customers are in order; some have a few licenses
 * expiring within the 30-day warning, some a few already expired (issue 23: not every customer expired).
 */
export interface LicenseTerms {
  standing: LicenseStanding;
  /** Share of the licensable devices still without a license (0: all licensed). */
  unlicensedShare: number;
  /** Days from now to the end of the main term (always beyond the 30-day warning). */
  termDays: number;
  /** How old the customer's oldest open problem may be: expired dates and warnings stay within it. */
  oldestDays: number;
}

/**
 * The terms of a dealer's `count` customers: 15 % with a few expired licenses, 25 % with a few expiring, the
 * rest in order, and about 45 % with a few devices not yet licensed, in fixed proportions shuffled over the
 * customers (so every dealer of four customers or more has each standing; fewer draw them one by one).
 */
export function licenseTermsOf(faker: Faker, count: number, oldestDays: number): LicenseTerms[] {
  const exact = count >= 4;
  const expired = exact ? Math.max(1, Math.round(count * 0.15)) : 0;
  const expiring = exact ? Math.max(1, Math.round(count * 0.25)) : 0;
  const standings: LicenseStanding[] = exact
    ? [...Array(expired).fill('expired'), ...Array(expiring).fill('expiring')]
    : [];
  while (standings.length < count)
    standings.push(
      exact
        ? 'healthy'
        : faker.helpers.weightedArrayElement([
            { weight: 60, value: 'healthy' },
            { weight: 25, value: 'expiring' },
            { weight: 15, value: 'expired' },
          ] as const),
    );
  const withUnlicensed = Math.max(count >= 2 ? 1 : 0, Math.round(count * 0.45));
  const shares = Array.from({ length: count }, (_, n) =>
    n >= withUnlicensed ? 0 : n % 4 === 3 ? 0.06 : 0.02,
  );
  const order = faker.helpers.shuffle(standings);
  const shareOrder = faker.helpers.shuffle(shares);
  return order.map((standing, n) => ({
    standing,
    unlicensedShare: shareOrder[n]!,
    termDays: faker.number.int({ min: 31, max: 3 * 365 }),
    oldestDays,
  }));
}

/**
 * Days to expiry of each licensed device: the main term for most; for an expiring customer 1-3 devices
 * within the 30-day warning (their warning began within `oldestDays`), for an expired one 1-2 devices past
 * their date (within `oldestDays`), and for every customer a few devices on a later, healthy date.
 */
function deviceOffsets(faker: Faker, terms: LicenseTerms, deviceIds: string[]): Map<string, number> {
  const offsets = new Map(deviceIds.map((id) => [id, terms.termDays]));
  const later = faker.helpers.arrayElements(deviceIds, Math.floor(deviceIds.length * 0.1));
  for (const id of later) offsets.set(id, terms.termDays + faker.number.int({ min: 30, max: 365 }));
  const oldest = Math.max(1, Math.min(30, Math.floor(terms.oldestDays)));
  if (terms.standing === 'expiring') {
    for (const id of faker.helpers.arrayElements(deviceIds, { min: 1, max: 3 }))
      offsets.set(id, faker.number.int({ min: 30 - oldest, max: 30 }));
  }
  if (terms.standing === 'expired') {
    for (const id of faker.helpers.arrayElements(deviceIds, { min: 1, max: 2 }))
      offsets.set(id, -faker.number.int({ min: 1, max: oldest }));
  }
  return offsets;
}

/**
 * Licenses of one organization's first-platform devices: cameras hold an xPro (STD) license and some a
 * storage (CLOUD_BACKUP) one, speakers a speaker license; at some customers a few devices are still
 * unlicensed (newly installed), and a few licenses are spare (bound to no device).
 */
export function generateLicenses(
  faker: Faker,
  now: Date,
  organizationId: string,
  devices: DeviceRow[],
  terms: LicenseTerms,
) {
  const licenses: LicenseRow[] = [];
  const license = (
    type: LicenseRow['type'],
    deviceId: string | null,
    days: number,
    retention: number | null = null,
  ) =>
    licenses.push({
      id: faker.string.uuid(),
      organization_id: organizationId,
      device_id: deviceId,
      type,
      retention_days: retention,
      expiration_date: dateAfter(now, days),
    });

  const licensable = devices.filter(
    (device) => device.platform === 'first' && device.device_category !== 'SERVER',
  );
  // At least one device when the customer has any unlicensed: newly installed, not yet licensed.
  const unlicensedCount =
    terms.unlicensedShare > 0 && licensable.length > 1
      ? Math.max(1, Math.round(licensable.length * terms.unlicensedShare))
      : 0;
  const unlicensed = new Set(faker.helpers.arrayElements(licensable, unlicensedCount).map((d) => d.id));
  const licensed = licensable.filter((device) => !unlicensed.has(device.id));
  const offsets = deviceOffsets(
    faker,
    terms,
    licensed.map((device) => device.id),
  );
  for (const device of licensed) {
    const days = offsets.get(device.id)!;
    if (device.device_type === 'IP_SPEAKER') {
      license('IP_SPEAKER', device.id, days);
    } else {
      license('STD', device.id, days);
      if (faker.datatype.boolean(0.2)) {
        license('CLOUD_BACKUP', device.id, days, faker.helpers.arrayElement([7, 14, 30, 60, 90]));
      }
    }
  }
  for (let spare = faker.number.int(2); spare > 0; spare--) license('STD', null, terms.termDays);
  return licenses;
}
