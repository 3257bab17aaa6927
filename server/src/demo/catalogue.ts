import type { Faker } from '@faker-js/faker';
import type { DemoDataset } from './dataset.ts';

/** The license catalogue; each name lets licenseTypeFromName derive its type. */
export const LICENSE_CATALOGUE: DemoDataset['licenseCatalogue'] = [
  { id: 'XPRO-1Y', name: 'xPro license 1 year', duration_days: 365 },
  { id: 'XPRO-3Y', name: 'xPro license 3 years', duration_days: 1095 },
  { id: 'XPRO-5Y', name: 'xPro license 5 years', duration_days: 1825 },
  { id: 'SPK-1Y', name: 'Speaker license 1 year', duration_days: 365 },
  { id: 'SPK-3Y', name: 'Speaker license 3 years', duration_days: 1095 },
  { id: 'STO-30D-1Y', name: 'Storage license 30 days retention 1 year', duration_days: 365 },
  { id: 'STO-90D-1Y', name: 'Storage license 90 days retention 1 year', duration_days: 365 },
];

/** Unassigned licenses a company holds; a few catalogue entries are out of stock. */
export function generateInventory(faker: Faker, companyId: string): DemoDataset['licenseInventory'] {
  return LICENSE_CATALOGUE.map((license) => ({
    company_id: companyId,
    license_id: license.id,
    quantity: faker.datatype.boolean(0.15) ? 0 : faker.number.int({ min: 5, max: 500 }),
  }));
}
